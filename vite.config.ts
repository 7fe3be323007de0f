/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API server listens on 8080 by default; the dev server proxies /api to it so the
// browser sees one origin, exactly as in production where one process serves both.
const apiTarget = process.env.MOSAIC_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    // Installable, offline-tolerant app (DESIGN.md §3). The worker source is sw/sw.ts; the page
    // registers it itself (src/pwa/register-sw.ts) so updates wait for the user's consent.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // public/ files (icons, favicon) are precached by globPatterns below; listing them again
      // here would only duplicate precache entries.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Mosaic',
        short_name: 'Mosaic',
        description:
          'The AI workspace for marketing teams: chat with AI agents, keep a knowledge base and follow your analytics.',
        lang: 'en',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#5b5bd6',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          {
            src: '/screenshots/wide-1280x800.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Mosaic dashboard on a desktop',
          },
          {
            src: '/screenshots/narrow-390x844.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Mosaic on a phone',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
        // Screenshots are only shown by the browser's install dialog, never by the app offline.
        globIgnores: ['screenshots/**'],
      },
    }),
  ],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
  test: {
    // Test files are CPU-bound (jsdom start-up, PGlite boot); two workers match a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/web-setup.ts'],
        },
      },
      {
        test: {
          name: 'sw',
          // Service-worker modules run against a small worker-like global scope (see the setup file).
          environment: 'node',
          include: ['tests/sw/**/*.test.ts'],
          setupFiles: ['tests/sw/worker-env.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
