import type { ManifestOptions } from 'vite-plugin-pwa';
import { BRAND_ACCENT } from '../contract/brand.ts';

/**
 * The web app manifest (manifest.webmanifest): what the browser's install dialog shows and how
 * the installed app opens. Icons and screenshots are files in public/; tests/e2e/built-app.e2e.ts
 * checks they exist at the declared sizes.
 */
export const WEB_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Mosaic',
  short_name: 'Mosaic',
  description: 'The AI workspace for marketing teams: chat with AI agents, keep a knowledge base and follow your analytics.',
  lang: 'en',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: BRAND_ACCENT.hex,
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    { src: '/screenshots/wide-1280x800.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Mosaic dashboard on a desktop' },
    { src: '/screenshots/narrow-390x844.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'Mosaic on a phone' },
  ],
};
