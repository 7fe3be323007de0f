/** The Mosaic mark (same drawing as public/favicon.svg), tinted with the theme's accent colour. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--accent-9)" />
      <rect x="12" y="12" width="18" height="18" rx="4" fill="#fff" />
      <rect x="34" y="12" width="18" height="18" rx="4" fill="#fff" opacity=".7" />
      <rect x="12" y="34" width="18" height="18" rx="4" fill="#fff" opacity=".7" />
      <rect x="34" y="34" width="18" height="18" rx="4" fill="#fff" opacity=".45" />
    </svg>
  );
}
