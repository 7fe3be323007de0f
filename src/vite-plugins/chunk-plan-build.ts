import path from 'node:path';
import type { Rolldown } from 'vite';
import { MERGED_CHUNKS, planChunks, type ChunkPlan } from './chunk-plan.ts';
import { readRouteScreens, SIGNED_IN_SHELL_SOURCE } from './route-screens.ts';

/** Set while the first build runs, so vite.config.ts leaves out what does not shape the chunks. */
const FIRST_PASS = 'MOSAIC_CHUNK_PLAN_FIRST_PASS';

/** True inside the first build: skip the steps that only write files (worker, compression) and do not plan again. */
export const isChunkPlanFirstPass = (): boolean => process.env[FIRST_PASS] === '1';

/**
 * Builds the app once in memory (same config file, same mode, nothing written; ~3 s here) and plans
 * the second build's chunks on its output (src/vite-plugins/chunk-plan.ts).
 */
export async function planFromFirstBuild(root: string, configFile: string, mode: string): Promise<ChunkPlan> {
  const { build } = await import('vite');
  process.env[FIRST_PASS] = '1';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({ root, configFile, mode, logLevel: 'silent', build: { write: false, emptyOutDir: false, sourcemap: false } });
  } catch (error) {
    // Silent above, so say where the failure happened; the cause holds the bundler's own message.
    throw new Error(`The build's first pass (planning its chunks) failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    delete process.env[FIRST_PASS];
  }
  if (Array.isArray(result) || !('output' in result)) throw new Error('The chunk plan expects one build output');
  const chunks = result.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const routeScreens = await readRouteScreens(root);
  const signIn = routeScreens.find((screen) => screen.path === '/login');
  if (!signIn) throw new Error('src/app/routes.tsx has no /login screen to plan the chunks around');
  const screens = new Map(routeScreens.map((screen) => [path.join(root, screen.source), screen.signedIn]));
  return planChunks({
    chunks,
    shellModule: path.join(root, SIGNED_IN_SHELL_SOURCE),
    signInModule: path.join(root, signIn.source),
    isSignedInScreen: (id) => screens.get(id),
  });
}

/**
 * The plan as code-splitting groups, below the config's own (priorities 4 to 1). Pinned chunks come
 * first and do not pull in each other's modules: they are the first build's chunks, whose
 * dependencies are chunks of their own. The merged chunks follow in MERGED_CHUNKS' order, each
 * finding its dependencies already taken.
 */
export function chunkPlanGroups(plan: ChunkPlan): Rolldown.CodeSplittingGroup[] {
  const mergedOrder = Object.values(MERGED_CHUNKS);
  return [
    {
      name: (id: string) => plan.pinned.get(id) ?? null,
      debugName: 'planned shared chunks',
      priority: mergedOrder.length + 1,
      includeDependenciesRecursively: false,
    },
    ...mergedOrder.map((name, index) => ({
      name: (id: string) => (plan.merged.get(id) === name ? name : null),
      debugName: name,
      priority: mergedOrder.length - index,
    })),
  ];
}
