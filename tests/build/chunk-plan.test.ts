/**
 * src/vite-plugins/chunk-plan.ts: the second build merges the signed-in shell's shared chunks into three
 * (only signed-in users', shared with the sign-in screen, shared with other signed-out screens)
 * and leaves every other chunk as the bundler cut it. Both builds are real `vite build`s of a
 * small app shaped like Mosaic's route table.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { planChunks } from '../../src/vite-plugins/chunk-plan';
import { chunkPlanGroups } from '../../src/vite-plugins/chunk-plan-build';
import { chunksOf, fixtureProject, removeFixtures, viteBuild } from './vite-build';

afterEach(removeFixtures);

// main ⇢ app-shell, login, register, dashboard, settings, updates (import()); the shell ⇢ menu,
// a dialog only it opens. Login and register are signed-out screens.
// Shared with the shell: nav (dashboard, settings), status (dashboard), menuItem (menu,
// dashboard), pwa (dashboard), callout (login, register), badge (register).
// Not shared with the shell: chart (dashboard, settings). updates: pwa imports it, and main with
// import(), so its chunk has no screen of its own, like the worker registration of the real entry.
const importsOf = (...names: string[]) => names.map((name) => `import { ${name} } from './${name}.js';`).join('\n');
const screen = (name: string, ...uses: string[]) => `${importsOf(...uses)}\nexport const view = [${uses.join(', ')}, '${name}'];\n`;
const APP = {
  'main.js': ['app-shell', 'login', 'register', 'dashboard', 'settings', 'updates'].map((name) => `import('./${name}.js').then((m) => console.log(m.view));`).join('\n'),
  'app-shell.js': `${importsOf('nav', 'status', 'callout', 'badge', 'menuItem', 'pwa')}\nexport const view = [nav, status, callout, badge, menuItem, pwa, import('./menu.js')];\n`,
  'menu.js': screen('menu', 'menuItem'),
  'login.js': screen('login', 'callout'),
  'register.js': screen('register', 'callout', 'badge'),
  'dashboard.js': screen('dashboard', 'nav', 'status', 'chart', 'menuItem', 'pwa'),
  'settings.js': screen('settings', 'nav', 'chart'),
  'pwa.js': `${importsOf('updates')}\nexport const pwa = updates + 'pwa';\n`,
  ...Object.fromEntries(
    ['nav', 'status', 'callout', 'badge', 'menuItem', 'chart', 'updates'].map((name) => [`${name}.js`, `export const ${name} = '${name}'.repeat(3);\nexport const view = ${name};\n`]),
  ),
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

/** The chunks the browser fetches for the given screens (by chunk name), main's chunk included. */
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

/** The fixture's files those chunks hold: what the screens cost, whatever the chunking. */
function filesLoadedFor(root: string, chunks: Rolldown.OutputChunk[], screens: string[]): string[] {
  const names = chunksLoadedFor(chunks, screens);
  return Object.entries(filesByChunk(root, chunks)).flatMap(([name, files]) => (names.has(name) ? files : [])).sort();
}

async function plannedBuild() {
  const root = await fixtureProject(APP);
  const first = await buildFixture(root, []);
  const signedIn: Record<string, boolean> = { 'login.js': false, 'register.js': false, 'dashboard.js': true, 'settings.js': true };
  const plan = planChunks({
    chunks: first,
    shellModule: join(root, 'app-shell.js'),
    signInModule: join(root, 'login.js'),
    isSignedInScreen: (id) => signedIn[id.slice(root.length + 1)],
  });
  return { root, first, second: await buildFixture(root, chunkPlanGroups(plan)) };
}

describe('chunk plan of the signed-in shell', () => {
  it("merges the shell's shared chunks by who else loads them", async () => {
    const { root, second } = await plannedBuild();
    const byName = filesByChunk(root, second);
    // menuItem is also used by the menu, a dialog only the shell opens: signed-in too.
    expect(byName.shell).toEqual(['menuItem.js', 'nav.js', 'pwa.js', 'status.js']);
    expect(byName['signin-and-shell']).toEqual(['callout.js']);
    expect(byName['public-and-shell']).toEqual(['badge.js']);
    // What the screens share without the shell, and what the entry fetches with import(), stay apart.
    expect(byName.chart).toEqual(['chart.js']);
    expect(byName.updates).toEqual(['updates.js']);
    expect(byName.login).toEqual(['login.js']);
  });

  it('lets a signed-in screen fetch fewer chunks for the same code, and never gives a signed-out screen the shell', async () => {
    const { root, first, second } = await plannedBuild();
    const dashboard = ['app-shell', 'dashboard'];
    expect(chunksLoadedFor(second, dashboard).size).toBeLessThan(chunksLoadedFor(first, dashboard).size);
    expect(filesLoadedFor(root, second, dashboard)).toEqual(filesLoadedFor(root, first, dashboard));
    // The sign-in screen loads exactly the code it did; another signed-out screen may load a
    // little more (what it shares with the shell, whole), but never the shell's own chunk.
    expect(filesLoadedFor(root, second, ['login'])).toEqual(filesLoadedFor(root, first, ['login']));
    expect(chunksLoadedFor(second, ['login'])).not.toContain('shell');
    expect(chunksLoadedFor(second, ['register'])).not.toContain('shell');
  });
});
