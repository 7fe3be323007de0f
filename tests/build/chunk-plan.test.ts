/**
 * src/build/chunk-plan.ts: the second build puts the shared chunks of the signed-in shell that no
 * signed-out screen loads into one chunk, and leaves every other chunk as the bundler cut it.
 * Both builds are real `vite build`s of a small app shaped like Mosaic's route table.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { planChunks } from '../../src/build/chunk-plan';
import { chunkPlanGroups } from '../../src/build/chunk-plan-build';
import { chunksOf, fixtureProject, removeFixtures, viteBuild } from './vite-build';

afterEach(removeFixtures);

// main ⇢ app-shell, login, dashboard, settings (import()). The shell ⇢ menu, a dialog it opens.
// Shared: nav (shell, dashboard, settings), status (shell, dashboard), menuItem (shell, menu,
// dashboard), callout (shell, login), chart (dashboard, settings), pwa (shell, dashboard). main
// also imports updates with import(), which pwa imports statically: its chunk has no screen of
// its own, like the worker registration the entry starts in the app.
const importsOf = (...names: string[]) => names.map((name) => `import { ${name} } from './${name}.js';`).join('\n');
const APP = {
  'main.js': ['app-shell', 'login', 'dashboard', 'settings', 'updates'].map((name) => `import('./${name}.js').then((m) => console.log(m.view));`).join('\n'),
  'app-shell.js': `${importsOf('nav', 'status', 'callout', 'menuItem', 'pwa')}\nexport const view = [nav, status, callout, menuItem, pwa, import('./menu.js')];\n`,
  'menu.js': `${importsOf('menuItem')}\nexport const view = menuItem + 'menu';\n`,
  'login.js': `${importsOf('callout')}\nexport const view = callout + 'login';\n`,
  'dashboard.js': `${importsOf('nav', 'status', 'chart', 'menuItem', 'pwa')}\nexport const view = nav + status + chart + menuItem + pwa + 'dashboard';\n`,
  'pwa.js': `${importsOf('updates')}\nexport const pwa = updates + 'pwa';\n`,
  'settings.js': `${importsOf('nav', 'chart')}\nexport const view = nav + chart + 'settings';\n`,
  ...Object.fromEntries(['nav', 'status', 'callout', 'menuItem', 'chart', 'updates'].map((name) => [`${name}.js`, `export const ${name} = '${name}'.repeat(3);\nexport const view = ${name};\n`])),
};

async function buildFixture(root: string, groups: Rolldown.CodeSplittingGroup[]) {
  const output = await viteBuild({
    root,
    build: { minify: false, rolldownOptions: { input: join(root, 'main.js'), output: { codeSplitting: { groups } } } },
  });
  return chunksOf(output);
}

/** The fixture's own files in each chunk, by chunk name. */
function filesByChunk(root: string, chunks: Rolldown.OutputChunk[]): Record<string, string[]> {
  const own = (ids: string[]) => ids.filter((id) => id.startsWith(`${root}/`)).map((id) => id.slice(root.length + 1)).sort();
  return Object.fromEntries(chunks.map((chunk) => [chunk.name, own(chunk.moduleIds)] as const).filter(([, files]) => files.length > 0));
}

/** How many chunks the browser fetches for a screen, main's chunk included. */
function chunksLoadedFor(chunks: Rolldown.OutputChunk[], screens: string[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk.name)) return;
    seen.add(chunk.name);
    chunk.imports.forEach((file) => visit(byFile.get(file)));
  };
  for (const chunk of chunks) if (chunk.isEntry || screens.includes(chunk.name)) visit(chunk);
  return seen;
}

async function plannedBuild() {
  const root = await fixtureProject(APP);
  const first = await buildFixture(root, []);
  const signedIn: Record<string, boolean> = { 'login.js': false, 'dashboard.js': true, 'settings.js': true };
  const plan = planChunks({
    chunks: first,
    shellModule: join(root, 'app-shell.js'),
    isSignedInScreen: (id) => signedIn[id.slice(root.length + 1)],
  });
  return { root, first, second: await buildFixture(root, chunkPlanGroups(plan)) };
}

describe('chunk plan of the signed-in shell', () => {
  it("puts the shell's shared chunks that only signed-in screens load into one chunk", async () => {
    const { root, second } = await plannedBuild();
    const byName = filesByChunk(root, second);
    // menuItem is also used by the menu, a dialog only the shell opens: signed-in too.
    expect(byName.shell).toEqual(['menuItem.js', 'nav.js', 'pwa.js', 'status.js']);
    // What the login screen shares with the shell, what the screens share without it, and what
    // the entry fetches with import() stay apart.
    expect(byName.updates).toEqual(['updates.js']);
    expect(byName.callout).toEqual(['callout.js']);
    expect(byName.chart).toEqual(['chart.js']);
    expect(byName.login).toEqual(['login.js']);
  });

  it('lets a signed-in screen fetch fewer chunks and leaves the login screen as it was', async () => {
    const { first, second } = await plannedBuild();
    const before = chunksLoadedFor(first, ['app-shell', 'dashboard']);
    const after = chunksLoadedFor(second, ['app-shell', 'dashboard']);
    expect(after.size).toBeLessThan(before.size);
    expect(after).toContain('shell');
    expect(chunksLoadedFor(second, ['login'])).toEqual(chunksLoadedFor(first, ['login']));
    expect(chunksLoadedFor(second, ['login'])).not.toContain('shell');
  });
});
