import type { Plugin } from 'vite';
import { BRAND_ACCENT } from '../contract/brand.ts';

const ACCENT = BRAND_ACCENT.hex; // The theme's accent (AppProviders) and theme_color.
const ROOT = '<div id="root"></div>';

const MARK = [
  `<svg width="40" height="40" viewBox="0 0 64 64" aria-hidden="true" focusable="false">`,
  `<rect width="64" height="64" rx="14" fill="${ACCENT}"/>`,
  `<rect x="12" y="12" width="18" height="18" rx="4" fill="#fff"/>`,
  `<rect x="34" y="12" width="18" height="18" rx="4" fill="#fff" opacity=".7"/>`,
  `<rect x="12" y="34" width="18" height="18" rx="4" fill="#fff" opacity=".7"/>`,
  `<rect x="34" y="34" width="18" height="18" rx="4" fill="#fff" opacity=".45"/></svg>`,
].join('');

const STYLE = [
  '<style>',
  'body{margin:0}.boot-splash{min-height:100vh;min-height:100dvh;display:flex;flex-direction:column;align-items:center;',
  'justify-content:center;gap:16px;margin:0;color:#60646c;background:linear-gradient(180deg,#f8f8ff,#fcfcfd 60%);',
  "font:14px/20px -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',system-ui,sans-serif}",
  // Dark when the device's theme says so (public/theme-boot.js marks <html> before the first paint),
  // or, with no choice made (System, or no script), when the system is dark.
  '@media (prefers-color-scheme:dark){html:not([data-appearance=light]) .boot-splash{color:#b0b4ba;background:linear-gradient(180deg,#14142b,#111113 60%)}}',
  'html[data-appearance=dark] .boot-splash{color:#b0b4ba;background:linear-gradient(180deg,#14142b,#111113 60%)}',
  '</style>',
].join('');

/**
 * The first state every visit shows (src/ui/FullPageLoader.tsx: the mark and "Loading Mosaic…"),
 * written into index.html so it paints as soon as the stylesheet is in instead of after all of
 * the entry's JavaScript has downloaded and run (~1 s earlier on a slow phone; Lighthouse's first
 * contentful paint, docs/performance.md). React replaces it on its first render. Plain CSS in the
 * page (the content security policy allows inline styles, not scripts), light and dark as the
 * device's theme is (Settings → Appearance, else the system's).
 */
export function bootSplash(): Plugin {
  return {
    name: 'mosaic:boot-splash',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(ROOT)) throw new Error('index.html has no empty <div id="root"></div> for the boot splash');
      return html
        .replace('</head>', `${STYLE}</head>`)
        .replace(ROOT, `<div id="root"><div class="boot-splash" role="status">${MARK}<span>Loading Mosaic…</span></div></div>`);
    },
  };
}
