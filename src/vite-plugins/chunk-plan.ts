import type { Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * The chunks the second build makes of the shell's shared chunks, in the order their groups take
 * modules: a group's dependencies must already be held by an earlier one (see planChunks).
 */
export const MERGED_CHUNKS = {
  /** What the sign-in screen loads too: both load all of it. */
  withSignIn: 'signin-and-shell',
  /** What other signed-out screens (Register, Pricing) also use: they load some of it. */
  withPublicScreens: 'public-and-shell',
  /** What no signed-out visitor loads. */
  shellOnly: 'shell',
} as const;
export type MergedChunkName = (typeof MERGED_CHUNKS)[keyof typeof MERGED_CHUNKS];

export interface ChunkPlanInput {
  /** The chunks of a first build of the same app, cut by the bundler's own rules. */
  chunks: OutputChunk[];
  /** Module id of the signed-in shell, itself loaded with `import()`. */
  shellModule: string;
  /** Module id of the sign-in screen, the signed-out visitor's first screen. */
  signInModule: string;
  /** For a screen's module id: true when only a signed-in user is shown it. Undefined for a module that is not a screen. */
  isSignedInScreen: (moduleId: string) => boolean | undefined;
}

export interface ChunkPlan {
  /** Modules of the shell's shared chunks, to the merged chunk each goes to. */
  merged: Map<string, MergedChunkName>;
  /** Every other shared chunk's modules under a name of its own, so that chunk comes out as before. */
  pinned: Map<string, string>;
}

/**
 * Where the second build puts each module, worked out on the first build's chunks.
 *
 * Left to itself the bundler gives every set of screens that share modules its own chunk, so the
 * signed-in Dashboard loaded 69 scripts, most under 2 KB: on a phone each is a round trip and a
 * preload link to insert (docs/performance.md). Every signed-in screen loads the shell, so the
 * shell's shared chunks can be merged without a signed-in screen loading a byte more; what keeps
 * them apart is the signed-out visitor, who must not pay for the shell. So they become three
 * chunks (MERGED_CHUNKS): what only signed-in users load; what the sign-in screen loads as well
 * (it loads all of it too); and what other signed-out screens also use, which those screens then
 * load whole. A shared chunk that code outside any screen also loads (a dialog the entry opens, the
 * worker registration) stays as it was.
 *
 * The first build's chunks are what decides: they hold only the modules that survived
 * tree-shaking, which a walk of the module graph cannot tell (a package barrel imports its every
 * component). A module a group takes brings its dependencies along unless another group already
 * holds them, so every other shared chunk is pinned under a name of its own, and a chunk that
 * imports something no group may take (a screen's chunk, the entry) is left out.
 */
export function planChunks({ chunks, shellModule, signInModule, isSignedInScreen }: ChunkPlanInput): ChunkPlan {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticClosure = (start: OutputChunk): Set<OutputChunk> => {
    const seen = new Set<OutputChunk>();
    const visit = (chunk: OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk)) return;
      seen.add(chunk);
      chunk.imports.forEach((file) => visit(byFile.get(file)));
    };
    visit(start);
    return seen;
  };

  const initial = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((entry) => [...staticClosure(entry)]));
  const dynamicImporters = new Map<OutputChunk, OutputChunk[]>();
  for (const chunk of chunks) {
    for (const file of chunk.dynamicImports) {
      const target = byFile.get(file);
      if (target) dynamicImporters.set(target, [...(dynamicImporters.get(target) ?? []), chunk]);
    }
  }
  // What `import()` fetches: a screen's own chunk, or a shared chunk holding the imported module
  // (the entry's code imports the worker registration that way, which the shell also uses).
  const roots = chunks.filter((chunk) => chunk.isDynamicEntry || dynamicImporters.has(chunk));
  /** For each chunk, the `import()` targets whose loading fetches it. */
  const loadedBy = new Map<OutputChunk, OutputChunk[]>();
  for (const root of roots) {
    for (const chunk of staticClosure(root)) loadedBy.set(chunk, [...(loadedBy.get(chunk) ?? []), root]);
  }

  // A root is signed-in when it is the shell or a signed-in screen; any other `import()` target
  // (a dialog, a chart) when no chunk importing it is the entry's own or is loaded by a signed-out
  // root. Worked out by elimination from "all signed-in", so imports in a cycle do not decide.
  const signedIn = new Set(
    roots.filter((root) => {
      const facade = root.facadeModuleId ?? '';
      return facade === shellModule || (isSignedInScreen(facade) ?? (dynamicImporters.get(root) ?? []).length > 0);
    }),
  );
  const isScreenOrShell = (root: OutputChunk) => root.facadeModuleId === shellModule || isSignedInScreen(root.facadeModuleId ?? '') !== undefined;
  for (let changed = true; changed; ) {
    changed = false;
    for (const root of signedIn) {
      if (isScreenOrShell(root)) continue;
      const importers = dynamicImporters.get(root) ?? [];
      if (importers.some((importer) => initial.has(importer) || (loadedBy.get(importer) ?? []).some((next) => !signedIn.has(next)))) {
        signedIn.delete(root);
        changed = true;
      }
    }
  }

  // Chunks a group may take: shared ones, whose imports a group may take too or are the entry's
  // own shared chunks (held by the higher-priority groups of vite.config.ts either way).
  const movable = new Set(chunks.filter((chunk) => !chunk.isEntry && !chunk.isDynamicEntry && !initial.has(chunk)));
  for (let changed = true; changed; ) {
    changed = false;
    for (const chunk of movable) {
      const blocked = chunk.imports.some((file) => {
        const imported = byFile.get(file);
        return !imported || (!movable.has(imported) && !(initial.has(imported) && !imported.isEntry));
      });
      if (blocked) {
        movable.delete(chunk);
        changed = true;
      }
    }
  }

  const loadsOf = (module: string) => {
    const root = roots.find((chunk) => chunk.facadeModuleId === module);
    return root ? staticClosure(root) : new Set<OutputChunk>();
  };
  const shellLoads = loadsOf(shellModule);
  const signInLoads = loadsOf(signInModule);
  const mergedInto = (chunk: OutputChunk): MergedChunkName | null => {
    if (!shellLoads.has(chunk)) return null;
    const signedOutLoaders = (loadedBy.get(chunk) ?? []).filter((root) => !signedIn.has(root));
    if (signedOutLoaders.length === 0) return MERGED_CHUNKS.shellOnly;
    if (signInLoads.has(chunk)) return MERGED_CHUNKS.withSignIn;
    return signedOutLoaders.every(isScreenOrShell) ? MERGED_CHUNKS.withPublicScreens : null;
  };

  const merged = new Map<string, MergedChunkName>();
  const pinned = new Map<string, string>();
  const namesTaken = new Set<string>(Object.values(MERGED_CHUNKS));
  for (const chunk of movable) {
    const target = mergedInto(chunk);
    if (target) {
      chunk.moduleIds.forEach((id) => merged.set(id, target));
      continue;
    }
    let name = chunk.name;
    for (let n = 2; namesTaken.has(name); n += 1) name = `${chunk.name}-${n}`;
    namesTaken.add(name);
    chunk.moduleIds.forEach((id) => pinned.set(id, name));
  }
  return { merged, pinned };
}
