import path from 'node:path';
import type { Rolldown } from 'vite';
import { planChunks, SHELL_CHUNK_NAME, type ChunkPlan } from './chunk-plan';
import { readRouteScreens } from './route-screens';

/** Set while the first build runs, so vite.config.ts leaves out what does not shape the chunks. */
const FIRST_PASS = 'MOSAIC_CHUNK_PLAN_FIRST_PASS';

/** True inside the first build: skip the steps that only write files (worker, compression) and do not plan again. */
export const isChunkPlanFirstPass = (): boolean => process.env[FIRST_PASS] === '1';

/**
 * Builds the app once in memory (same config file, same mode, nothing written; ~10 s) and plans
 * the second build's chunks on its output (src/build/chunk-plan.ts).
 */
export async function planFromFirstBuild(root: string, configFile: string, mode: string): Promise<ChunkPlan> {
  const { build } = await import('vite');
  process.env[FIRST_PASS] = '1';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({ root, configFile, mode, logLevel: 'silent', build: { write: false, emptyOutDir: false, sourcemap: false } });
  } finally {
    delete process.env[FIRST_PASS];
  }
  if (Array.isArray(result) || !('output' in result)) throw new Error('The chunk plan expects one build output');
  const chunks = result.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const screens = new Map((await readRouteScreens(root)).map((screen) => [path.join(root, screen.source), screen.signedIn]));
  return planChunks({ chunks, shellModule: path.join(root, 'src/app/shell/AppShell.tsx'), isSignedInScreen: (id) => screens.get(id) });
}

/**
 * The plan as code-splitting groups, below the config's own (priority 2 and 1). Pinned chunks come
 * first, so the shell's group cannot pull their modules in as its dependencies, and do not pull
 * in each other's: they are the first build's chunks, whose dependencies are chunks of their own.
 */
export function chunkPlanGroups(plan: ChunkPlan): Rolldown.CodeSplittingGroup[] {
  return [
    {
      name: (id: string) => plan.pinned.get(id) ?? null,
      debugName: 'planned shared chunks',
      priority: 2,
      includeDependenciesRecursively: false,
    },
    { name: (id: string) => (plan.shell.has(id) ? SHELL_CHUNK_NAME : null), debugName: 'signed-in shell', priority: 1 },
  ];
}
