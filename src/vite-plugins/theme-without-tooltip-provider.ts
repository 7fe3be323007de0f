import type { Plugin } from 'vite';

/** Radix Themes' root `Theme` component (@radix-ui/themes/dist/esm/components/theme.js). */
const THEME_MODULE = /@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/;
/** What Theme's module gets when it imports `radix-ui`. */
const RADIX_FOR_THEME = '\0radix-ui-for-theme';

/**
 * Every `radix-ui` export except Tooltip, whose Provider only renders its children: the real
 * Tooltip namespace is never referenced, so the bundler leaves @radix-ui/react-tooltip out.
 * (A module's own export takes precedence over the same name from `export *`.)
 */
const RADIX_WITHOUT_TOOLTIP = [
  `export * from 'radix-ui';`,
  `const Provider = ({ children }) => children;`,
  `export const Tooltip = { Provider };`,
].join('\n');

/**
 * Radix Themes' root `Theme` wraps the app in its own tooltip provider, and importing that
 * provider drags the whole tooltip, popper and floating-ui code (~15 KB gzip) into the entry, so
 * every visitor of /login paid for tooltips it never shows. The app gives tooltips their own
 * provider inside the signed-in shell (src/app/shell/AppShell.tsx), which always took precedence
 * over Theme's, so Theme's `radix-ui` import is served a Tooltip whose Provider is a pass-through.
 * Radix's code is not edited. If an upgrade moves Theme's tooltip import elsewhere, the build
 * fails (buildEnd) instead of silently shipping the tooltip code again.
 */
export function themeWithoutTooltipProvider(): Plugin {
  let themeSeen = false;
  let redirected = false;
  return {
    name: 'mosaic:theme-without-tooltip-provider',
    // Ahead of Vite's resolver, which would otherwise resolve `radix-ui` for Theme first.
    enforce: 'pre',
    apply: 'build',
    buildStart() {
      themeSeen = false;
      redirected = false;
    },
    resolveId(source, importer) {
      if (!importer || !THEME_MODULE.test(importer)) return null;
      themeSeen = true;
      if (source !== 'radix-ui') return null;
      redirected = true;
      return RADIX_FOR_THEME;
    },
    load(id) {
      return id === RADIX_FOR_THEME ? { code: RADIX_WITHOUT_TOOLTIP, moduleSideEffects: false } : null;
    },
    buildEnd(error) {
      if (error || !themeSeen || redirected) return;
      this.error(
        "@radix-ui/themes/dist/esm/components/theme.js no longer imports 'radix-ui': its tooltip provider " +
          'cannot be left out of the entry (src/vite-plugins/theme-without-tooltip-provider.ts)',
      );
    },
  };
}
