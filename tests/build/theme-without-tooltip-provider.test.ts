/**
 * src/vite-plugins/theme-without-tooltip-provider.ts keeps Radix Themes' tooltip provider (and the
 * tooltip, popper and floating-ui code it imports) out of the entry by serving Theme's `radix-ui`
 * import a pass-through Tooltip.Provider. Checked against the INSTALLED @radix-ui/themes, so an
 * upgrade that changes Theme fails here, not in a visitor's browser.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { themeWithoutTooltipProvider } from '../../src/vite-plugins/theme-without-tooltip-provider';
import { chunksOf, fixtureProject, REPO_ROOT, removeFixtures, viteBuild, virtualModules } from './vite-build';

afterEach(removeFixtures);

const TOOLTIP_PACKAGE = /@radix-ui[\\/]react-tooltip[\\/]/;
const THEME_MODULE = /@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/;

/** The modules a bundle of an entry that renders only `<Theme>` holds. */
async function modulesOfThemeOnly(plugins: Plugin[]): Promise<string[]> {
  const output = await viteBuild({
    root: REPO_ROOT,
    plugins: [virtualModules({ 'virtual:entry': `import { Theme } from '@radix-ui/themes';\nconsole.log(Theme);\n` }), ...plugins],
    build: { rolldownOptions: { input: 'virtual:entry', external: ['react', 'react-dom'] } },
  });
  return chunksOf(output).flatMap((chunk) => chunk.moduleIds);
}

interface Rendered {
  html?: string;
  error?: string;
}

/**
 * Builds (for Node, everything bundled) an entry rendering a Radix Themes Tooltip inside Theme,
 * with and without the provider the signed-in shell gives (src/app/shell/AppShell.tsx), and
 * renders both in a separate Node process (importing the bundle into the test runner would have
 * it transform the whole of React DOM's server renderer again).
 */
async function renderTooltipInTheme(plugins: Plugin[]): Promise<{ withShellProvider: Rendered; withoutShellProvider: Rendered }> {
  const entry = [
    `import { createElement as h } from 'react';`,
    `import { renderToStaticMarkup } from 'react-dom/server.browser';`,
    `import { Theme, Tooltip } from '@radix-ui/themes';`,
    `import { Tooltip as TooltipPrimitive } from 'radix-ui';`,
    `const button = h(Tooltip, { content: 'Copy link' }, h('button', null, 'Copy'));`,
    `const render = (children) => {`,
    `  try { return { html: renderToStaticMarkup(h(Theme, null, children)) }; } catch (error) { return { error: error.message }; }`,
    `};`,
    `const results = {`,
    `  withShellProvider: render(h(TooltipPrimitive.Provider, { delayDuration: 0 }, button)),`,
    `  withoutShellProvider: render(button),`,
    `};`,
    // React's scheduler keeps the process alive; the results are all there is to wait for.
    `process.stdout.write(JSON.stringify(results), () => process.exit(0));`,
  ].join('\n');
  const outDir = join(await fixtureProject({}), 'dist');
  const output = await viteBuild({
    root: REPO_ROOT,
    plugins: [virtualModules({ 'virtual:entry': entry }), ...plugins],
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { ssr: true, write: true, outDir, minify: false, rolldownOptions: { input: 'virtual:entry' } },
  });
  const file = join(outDir, chunksOf(output).find((chunk) => chunk.isEntry)!.fileName);
  const { stdout } = await promisify(execFile)(process.execPath, [file]);
  return JSON.parse(stdout) as { withShellProvider: Rendered; withoutShellProvider: Rendered };
}

describe("Radix Themes' Theme without its tooltip provider", () => {
  it('leaves the tooltip package out of a bundle that uses Theme', async () => {
    const modules = await modulesOfThemeOnly([themeWithoutTooltipProvider()]);
    expect(modules.some((id) => THEME_MODULE.test(id))).toBe(true);
    expect(modules.filter((id) => TOOLTIP_PACKAGE.test(id))).toEqual([]);
  });

  it('is still needed: the installed Theme brings the tooltip package in by itself', async () => {
    const modules = await modulesOfThemeOnly([]);
    expect(
      modules.some((id) => TOOLTIP_PACKAGE.test(id)),
      'Radix Themes no longer imports its tooltip from Theme: src/vite-plugins/theme-without-tooltip-provider.ts can go',
    ).toBe(true);
  });

  it("renders Theme's children, and tooltips inside the shell's provider; a tooltip outside it fails loudly", async () => {
    const { withShellProvider, withoutShellProvider } = await renderTooltipInTheme([themeWithoutTooltipProvider()]);
    expect(withShellProvider.html).toMatch(/^<div data-is-root-theme="true"[^>]* class="radix-themes[^"]*"/);
    expect(withShellProvider.html).toContain('>Copy</button>');
    expect(withoutShellProvider.error).toBe('`Tooltip` must be used within `TooltipProvider`');
  });

  it("is what the difference comes from: with Theme's own provider a tooltip renders anywhere", async () => {
    const { withoutShellProvider } = await renderTooltipInTheme([]);
    expect(withoutShellProvider.html).toContain('>Copy</button>');
  });

  it("fails the build, naming the file, when Theme's module stops importing radix-ui", async () => {
    const root = await fixtureProject({
      'main.js': `import { Theme } from './node_modules/@radix-ui/themes/dist/esm/components/theme.js';\nconsole.log(Theme);\n`,
      'node_modules/@radix-ui/themes/dist/esm/components/theme.js': `import { Provider } from './tooltip-provider.js';\nexport const Theme = Provider;\n`,
      'node_modules/@radix-ui/themes/dist/esm/components/tooltip-provider.js': `export const Provider = 'tooltip provider';\n`,
    });
    await expect(
      viteBuild({ root, plugins: [themeWithoutTooltipProvider()], build: { rolldownOptions: { input: join(root, 'main.js') } } }),
    ).rejects.toThrow("@radix-ui/themes/dist/esm/components/theme.js no longer imports 'radix-ui'");
  });
});
