/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import type { ChunkingContext } from 'rolldown';
import type { Plugin as PostcssPlugin } from 'postcss';

/**
 * Build only: @radix-ui/react-icons ships all ~320 icons in one module, and a module cannot be
 * split across chunks, so whichever chunk holds it carries every icon any screen uses (the Login
 * screen paid ~14 KB gzip for two icons). This serves the package as a barrel of one small module
 * per icon (cut from the same file), so each chunk carries only the icons it draws.
 */
function radixIconsPerModule(): Plugin {
  const PACKAGE = '@radix-ui/react-icons';
  const BARREL = '\0radix-icons';
  const ICON = '\0radix-icon:';
  const file = createRequire(import.meta.url).resolve(`${PACKAGE}/dist/react-icons.esm.js`);
  let icons: Map<string, string> | null = null;
  let helper = '';
  const parse = () => {
    if (icons) return icons;
    const source = readFileSync(file, 'utf8');
    const body = source.slice(0, source.lastIndexOf('\nexport {'));
    const blocks = body.split(/\n(?=var _excluded)/);
    helper = blocks[0]!.replace(/^import .*$/m, '');
    icons = new Map();
    for (const block of blocks.slice(1)) {
      const name = /\nvar (\w+) = \/\*#__PURE__\*\/forwardRef/.exec(block)?.[1];
      if (name) icons.set(name, block);
    }
    return icons;
  };
  return {
    name: 'mosaic:radix-icons-per-module',
    resolveId(id) {
      if (id === PACKAGE) return BARREL;
      if (id.startsWith(ICON)) return id;
      return null;
    },
    load(id) {
      // Vite's own resolver usually resolves the package to its file before this plugin sees it.
      if (id === BARREL || id === file) {
        const names = [...parse().keys()];
        return { code: names.map((name) => `export { ${name} } from '${ICON}${name}';`).join('\n'), moduleSideEffects: false };
      }
      if (!id.startsWith(ICON)) return null;
      const name = id.slice(ICON.length);
      const block = parse().get(name);
      if (!block) throw new Error(`Unknown Radix icon ${name}`);
      const code = `import { forwardRef, createElement } from 'react';\n${helper}\n${block}\nexport { ${name} };\n`;
      return { code, moduleSideEffects: false };
    },
  };
}

const fromRoot = (file: string) => path.resolve(import.meta.dirname, file);

/**
 * A code-splitting group's name function: the app modules the given roots import statically (not
 * through `import()`), found in the module graph at chunking time; the packages they use join the
 * group as their dependencies. Without it the bundler cuts what the entry needs before its first
 * render into many small shared chunks (stores, API client, layout primitives, valtio: ten scripts
 * before the first screen's own); on a phone each extra request on the critical path costs a round trip, most of
 * Lighthouse's mobile first paint (docs/performance.md).
 */
function groupOf(name: string, roots: string[]) {
  const graphs = new WeakMap<ChunkingContext, Set<string>>();
  const graphOf = (ctx: ChunkingContext) => {
    let members = graphs.get(ctx);
    if (members) return members;
    members = new Set();
    const queue = [...roots];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (members.has(id)) continue;
      members.add(id);
      // The app's own modules only: a package's barrel (Radix Themes) statically imports its
      // every component, although the screens use a few of them.
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []).filter((imported) => !imported.includes('node_modules')));
    }
    // The roots stay in their own chunks: the build manifest (server preload hints, bench:web)
    // finds a screen by its module, and the entry stays index.html's script.
    for (const root of roots) members.delete(root);
    graphs.set(ctx, members);
    return members;
  };
  return (moduleId: string, ctx: ChunkingContext) => (graphOf(ctx).has(moduleId) ? name : null);
}

/**
 * Build only: Radix Themes' root `Theme` wraps the app in its own tooltip provider, and importing
 * that provider drags the whole tooltip, popper and floating-ui code (~15 KB gzip) into the entry,
 * so every visitor of /login paid for tooltips it never shows. The app gives tooltips their own
 * provider inside the signed-in shell (src/app/shell/AppShell.tsx), which always took precedence
 * over Theme's, so Theme's is cut here. Fails the build if the Themes file changes shape, so an
 * upgrade cannot silently leave the tooltip code in (or break tooltips).
 */
function themeWithoutTooltipProvider(): Plugin {
  const THEME_FILE = /@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/;
  const edits: Array<[string, string]> = [
    ['import{Direction as G,Slot as D,Tooltip as w}from"radix-ui"', 'import{Direction as G,Slot as D}from"radix-ui"'],
    [
      'e.createElement(w.Provider,{delayDuration:200},e.createElement(G.Provider,{dir:"ltr"},e.createElement(I,{...a,ref:s})))',
      'e.createElement(G.Provider,{dir:"ltr"},e.createElement(I,{...a,ref:s}))',
    ],
  ];
  return {
    name: 'mosaic:theme-without-tooltip-provider',
    transform(code, id) {
      if (!THEME_FILE.test(id)) return null;
      let result = code;
      for (const [from, to] of edits) {
        if (!result.includes(from)) throw new Error(`${id} changed: cannot remove Theme's tooltip provider (vite.config.ts)`);
        result = result.replace(from, to);
      }
      return { code: result, map: null };
    },
  };
}

/**
 * The first state every visit shows (src/ui/FullPageLoader.tsx: the mark and "Loading Mosaic…"),
 * written into index.html so it paints as soon as the stylesheet is in instead of after all of
 * the entry's JavaScript has downloaded and run (~1 s earlier on a slow phone; Lighthouse's first
 * contentful paint, docs/performance.md). React replaces it on its first render. Plain CSS in the
 * page (the content security policy allows inline styles, not scripts), light and dark.
 */
function bootSplash(): Plugin {
  const ACCENT = '#5b5bd6'; // Radix iris 9, the theme's accent (AppProviders) and theme_color.
  const mark = [
    `<svg width="40" height="40" viewBox="0 0 64 64" aria-hidden="true" focusable="false">`,
    `<rect width="64" height="64" rx="14" fill="${ACCENT}"/>`,
    `<rect x="12" y="12" width="18" height="18" rx="4" fill="#fff"/>`,
    `<rect x="34" y="12" width="18" height="18" rx="4" fill="#fff" opacity=".7"/>`,
    `<rect x="12" y="34" width="18" height="18" rx="4" fill="#fff" opacity=".7"/>`,
    `<rect x="34" y="34" width="18" height="18" rx="4" fill="#fff" opacity=".45"/></svg>`,
  ].join('');
  const style = [
    '<style>',
    'body{margin:0}.boot-splash{min-height:100vh;min-height:100dvh;display:flex;flex-direction:column;align-items:center;',
    'justify-content:center;gap:16px;margin:0;color:#60646c;background:linear-gradient(180deg,#f8f8ff,#fcfcfd 60%);',
    "font:14px/20px -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',system-ui,sans-serif}",
    '@media (prefers-color-scheme:dark){.boot-splash{color:#b0b4ba;background:linear-gradient(180deg,#14142b,#111113 60%)}}',
    '</style>',
  ].join('');
  const ROOT = '<div id="root"></div>';
  return {
    name: 'mosaic:boot-splash',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(ROOT)) throw new Error('index.html has no empty <div id="root"></div> for the boot splash');
      return html
        .replace('</head>', `${style}</head>`)
        .replace(ROOT, `<div id="root"><div class="boot-splash" role="status">${mark}<span>Loading Mosaic…</span></div></div>`);
    },
  };
}

/** Radix Themes' breakpoints; a responsive prop value at one becomes a class such as `sm:rt-r-px-5`. */
const BREAKPOINTS = new Set(['xs', 'sm', 'md', 'lg', 'xl']);
const RESPONSIVE_KEYS = new Set(['initial', ...BREAKPOINTS]);

/**
 * The values the app gives responsive props at each breakpoint, read from the object literals in
 * its source whose keys are all breakpoints (`columns={{ initial: '1', sm: '3' }}`). A value that is
 * not a string literal fails the build: the stylesheet could not be trimmed safely for it.
 */
export function responsiveValuesInSource(dir: string): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const [, body = ''] of source.matchAll(/\{([^{}]*)\}/g)) {
      const entries = body.split(',').filter((part) => part.trim() !== '').map((part) => /^\s*(\w+)\s*:\s*(.+?)\s*$/s.exec(part));
      if (entries.some((entry) => !entry || !RESPONSIVE_KEYS.has(entry[1]!))) continue;
      for (const entry of entries) {
        const [, key = '', raw = ''] = entry!;
        if (!BREAKPOINTS.has(key)) continue;
        const literal = /^'([^']*)'$|^"([^"]*)"$/.exec(raw);
        if (!literal) throw new Error(`src/${file}: responsive value ${key}: ${raw} must be a string literal (vite.config.ts, withoutUnusedBreakpointRules)`);
        const values = used.get(key) ?? new Set<string>();
        values.add(literal[1] ?? literal[2] ?? '');
        used.set(key, values);
      }
    }
  }
  return used;
}

/**
 * Build only, a PostCSS step: Radix Themes ships every responsive class at every breakpoint (460 KB
 * of its 625 KB stylesheet), and the app uses seven. Rules for a breakpoint class keep only the
 * selectors whose value the source gives a responsive prop at that breakpoint (same breakpoint,
 * class ending in `-<value>`); rules that are responsive by themselves (a dialog's width at `sm`)
 * are untouched. Half the render-blocking stylesheet goes, and with it half its parse time on a
 * phone (docs/performance.md).
 */
export function withoutUnusedBreakpointRules(used: Map<string, Set<string>>): PostcssPlugin {
  const keeps = (breakpoint: string, className: string) => {
    const values = [...(used.get(breakpoint) ?? [])];
    // An arbitrary CSS value ('1fr 2fr', '50%') uses the bare class and a custom property.
    return values.some((value) => !/^[\w-]+$/.test(value) || className.endsWith(`-${value}`));
  };
  return {
    postcssPlugin: 'mosaic:unused-breakpoint-rules',
    OnceExit(root) {
      root.walkRules((rule) => {
        const selectors = rule.selectors.filter((selector) =>
          [...selector.matchAll(/\.(xs|sm|md|lg|xl)\\:([\w-]+)/g)].every(([, breakpoint = '', className = '']) => keeps(breakpoint, className)),
        );
        if (selectors.length === 0) rule.remove();
        else if (selectors.length < rule.selectors.length) rule.selectors = selectors;
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0) atRule.remove();
      });
    },
  };
}

/**
 * Build only: writes .br and .gz copies of the text assets next to them, so a static server can
 * send them compressed without compressing per request (@fastify/static `preCompressed: true`).
 * Uncompressed, the Radix Themes CSS alone is ~610 KB on the wire, which dominates a first visit
 * on a slow connection (docs/performance.md).
 */
function precompressAssets(): Plugin {
  const TEXT = /\.(js|css|html|svg|json|webmanifest)$/;
  /** Below this, compression saves less than a packet. */
  const MIN_BYTES = 1024;
  return {
    name: 'mosaic:precompress-assets',
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const file of Object.keys(bundle)) {
        if (!TEXT.test(file)) continue;
        const target = path.join(dir, file);
        const content = readFileSync(target);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${target}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${target}.br`,
          brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

// A label for the build, written into index.html (<meta name="mosaic-build">) so a deploy can be
// told apart from the previous one, e.g. VITE_BUILD_ID=$(git rev-parse --short HEAD) npm run build.
process.env.VITE_BUILD_ID ??= 'local';

// The API server listens on 8080 by default; the dev server proxies /api to it so the
// browser sees one origin, exactly as in production where one process serves both.
const apiTarget = process.env.MOSAIC_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    bootSplash(),
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
  css: {
    // Build only: while developing, a responsive value added to a screen has its CSS at once.
    postcss: { plugins: command === 'build' ? [withoutUnusedBreakpointRules(responsiveValuesInSource(fromRoot('src')))] : [] },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph tests/bench/web.bench.ts measures per route.
    manifest: true,
    rolldownOptions: {
      plugins: [radixIconsPerModule(), themeWithoutTooltipProvider(), precompressAssets()],
      output: {
        codeSplitting: {
          groups: [
            // React, its scheduler and the router change only on upgrades: one long-lived chunk that
            // a new deploy of the app does not invalidate in the browser's or the worker's cache.
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 3,
            },
            // Everything the entry needs before its first render, in one chunk next to it.
            { name: groupOf('app-core', [fromRoot('src/main.tsx')]), priority: 2 },
          ],
        },
      },
    },
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
          // Bounds for failures only (tests wait for events): generous, because a shared 2-core
          // machine under load can take over a minute to boot an app and its database.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
}));
