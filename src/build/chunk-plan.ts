import type { Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** The name of the chunk that holds the signed-in shell's shared modules. */
export const SHELL_CHUNK_NAME = 'shell';

export interface ChunkPlanInput {
  /** The chunks of a first build of the same app, cut by the bundler's own rules. */
  chunks: OutputChunk[];
  /** Module id of the signed-in shell, itself loaded with `import()`. */
  shellModule: string;
  /** For a screen's module id: true when only a signed-in user is shown it. Undefined for a module that is not a screen. */
  isSignedInScreen: (moduleId: string) => boolean | undefined;
}

export interface ChunkPlan {
  /** Modules of the shared chunks the signed-in shell loads that no signed-out visitor needs: one chunk. */
  shell: Set<string>;
  /** Every other shared chunk's modules under a name of its own, so that chunk comes out as before. */
  pinned: Map<string, string>;
}

/**
 * Where the second build puts each module, worked out on the first build's chunks.
 *
 * Left to itself the bundler gives every set of screens that share modules its own chunk, so the
 * signed-in Dashboard loaded 69 scripts, most under 2 KB: on a phone each is a round trip and a
 * preload link to insert (docs/performance.md). Every signed-in screen loads the shell, so the
 * shell's shared chunks can be one without any screen loading a byte more; but only those that
 * no signed-out visitor loads, or /login would pay for the shell. The first build's chunks are
 * what decides: they hold only the modules that survived tree-shaking, which a walk of the module
 * graph cannot tell (a package barrel imports its every component).
 *
 * A module a group takes brings its dependencies along unless another group already holds them,
 * so every other shared chunk is pinned under a name of its own, and a chunk that imports
 * something no group may take (a screen's chunk, the entry) is left out of both.
 */
export function planChunks({ chunks, shellModule, isSignedInScreen }: ChunkPlanInput): ChunkPlan {
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

  const shellRoot = roots.find((root) => root.facadeModuleId === shellModule);
  const shellLoads = shellRoot ? staticClosure(shellRoot) : new Set<OutputChunk>();
  const shell = new Set<string>();
  const pinned = new Map<string, string>();
  const namesTaken = new Set([SHELL_CHUNK_NAME]);
  for (const chunk of movable) {
    if (shellLoads.has(chunk) && (loadedBy.get(chunk) ?? []).every((root) => signedIn.has(root))) {
      chunk.moduleIds.forEach((id) => shell.add(id));
      continue;
    }
    let name = chunk.name;
    for (let n = 2; namesTaken.has(name); n += 1) name = `${chunk.name}-${n}`;
    namesTaken.add(name);
    chunk.moduleIds.forEach((id) => pinned.set(id, name));
  }
  return { shell, pinned };
}
