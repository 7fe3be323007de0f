/**
 * src/vite-plugins/code-splitting-group.ts: `groupOf` puts the app modules an entry imports statically
 * into one chunk next to it, so the first screen needs fewer round trips; the entry itself and
 * what loads on demand stay out (docs/performance.md, "The entry's own modules in one chunk").
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { groupOf } from '../../src/vite-plugins/code-splitting-group';
import { chunksOf, fixtureProject, removeFixtures, viteBuild } from './vite-build';

afterEach(removeFixtures);

// main → store → format (static); main ⇢ screen (import()) → chart, format. Both use the `kit`
// package through its barrel: store its button, screen its table.
const APP = {
  'main.js': `import { store } from './store.js';\nconsole.log(store);\nimport('./screen.js').then((screen) => console.log(screen.view));\n`,
  'store.js': `import { format } from './format.js';\nimport { button } from 'kit';\nexport const store = format(button);\n`,
  'format.js': `export const format = (text) => '[' + text + ']';\n`,
  'screen.js': `import { chart } from './chart.js';\nimport { format } from './format.js';\nimport { table } from 'kit';\nexport const view = format(chart + table);\n`,
  'chart.js': `export const chart = 'chart';\n`,
  'node_modules/kit/package.json': JSON.stringify({ name: 'kit', version: '1.0.0', type: 'module', main: 'index.js', sideEffects: false }),
  'node_modules/kit/index.js': `export { button } from './button.js';\nexport { table } from './table.js';\n`,
  'node_modules/kit/button.js': `export const button = 'button';\n`,
  'node_modules/kit/table.js': `export const table = 'table';\n`,
};

async function chunks(useGroup: boolean) {
  const root = await fixtureProject(APP);
  const main = join(root, 'main.js');
  const groups = useGroup ? [{ name: groupOf('core', [main]) }] : [];
  const output = await viteBuild({
    root,
    build: { minify: false, rolldownOptions: { input: main, output: { codeSplitting: { groups } } } },
  });
  // The fixture's own files (Vite adds helpers of its own, such as the preload helper).
  const files = (ids: string[]) => ids.filter((id) => id.startsWith(`${root}/`)).map((id) => id.slice(root.length + 1)).sort();
  return Object.fromEntries(chunksOf(output).map((chunk) => [chunk.name, files(chunk.moduleIds)]));
}

describe('code-splitting group of the entry', () => {
  it("puts the modules the entry imports statically into one chunk, apart from the entry and the screens' own", async () => {
    const byName = await chunks(true);
    // The package part store uses joins it; the part only the screen uses stays with the screen,
    // although the package's barrel imports both.
    expect(byName.core).toEqual(['format.js', 'node_modules/kit/button.js', 'store.js']);
    expect(byName.main).toEqual(['main.js']);
    expect(byName.screen).toEqual(['chart.js', 'node_modules/kit/table.js', 'screen.js']);
  });

  it('is what keeps the entry apart: without it the bundler folds the static imports into the entry', async () => {
    const byName = await chunks(false);
    expect(byName.core).toBeUndefined();
    expect(byName.main).toContain('main.js');
    expect(byName.main).toContain('store.js');
  });
});
