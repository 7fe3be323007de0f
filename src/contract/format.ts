/**
 * Display formatting shared by screens.
 */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * File sizes in B, KB, MB, GB, TB with base 1024 (spec 000 §9, spec 001 §9), e.g. 1536 → '1.5 KB'.
 * Sizes beyond TB stay in TB. A negative or non-numeric size is shown as '0 B' rather than
 * breaking the screen that displays it.
 */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.max(0, Math.floor(Math.log(bytes) / Math.log(1024))), BYTE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const places = Math.max(0, Math.floor(decimals));
  return `${parseFloat(value.toFixed(places))} ${BYTE_UNITS[exponent]}`;
}
