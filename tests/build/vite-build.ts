/**
 * Small real `vite build`s for the build-step tests: a fixture project written to a temporary
 * folder, or a virtual entry built against the repository's own node_modules. No config file is
 * read, so each test wires exactly the plugin it checks.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type InlineConfig, type Plugin, type Rolldown } from 'vite';

export const REPO_ROOT = new URL('../../', import.meta.url).pathname;

const folders: string[] = [];

/** Writes the files (path → text) into a new temporary folder; `removeFixtures` deletes them. */
export async function fixtureProject(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mosaic-build-fixture-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

export async function removeFixtures(): Promise<void> {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Runs `vite build` with the given config (nothing written unless `build.write` says so). */
export async function viteBuild(config: InlineConfig): Promise<Rolldown.RolldownOutput> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    ...config,
    build: { write: false, emptyOutDir: true, ...config.build },
  });
  if (Array.isArray(result) || !('output' in result)) throw new Error('Expected one build output');
  return result;
}

export const chunksOf = (output: Rolldown.RolldownOutput) =>
  output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');

/**
 * Modules given as source under `virtual:` ids (`virtual:entry` imports `virtual:screen`), resolved
 * from the repository root, so the packages they import are found.
 */
export function virtualModules(modules: Record<string, string>): Plugin {
  return {
    name: 'test:virtual-modules',
    enforce: 'pre',
    resolveId: (id) => (id in modules ? `\0${id}` : null),
    load: (id) => (id.startsWith('\0') ? (modules[id.slice(1)] ?? null) : null),
  };
}
