import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/**
 * A code-splitting group's name function: the app modules the given roots import statically (not
 * through `import()`), found in the module graph at chunking time; the packages they use join the
 * group as their dependencies. Without it the bundler cuts what the entry needs before its first
 * render into many small shared chunks (stores, API client, layout primitives, valtio: ten scripts
 * before the first screen's own); on a phone each extra request on the critical path costs a
 * round trip, most of Lighthouse's mobile first paint (docs/performance.md).
 */
export function groupOf(name: string, roots: string[]) {
  const graphs = new WeakMap<ChunkingContext, Set<string>>();
  const graphOf = (ctx: ChunkingContext) => {
    let members = graphs.get(ctx);
    if (members) return members;
    members = new Set();
    const queue = [...roots];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (members.has(id)) continue;
      members.add(id);
      // The app's own modules only: a package's barrel (Radix Themes) statically imports its
      // every component, although the screens use a few of them.
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []).filter((imported) => !imported.includes('node_modules')));
    }
    // The roots stay in their own chunks: the build manifest (server preload hints, bench:web)
    // finds a screen by its module, and the entry stays index.html's script.
    for (const root of roots) members.delete(root);
    graphs.set(ctx, members);
    return members;
  };
  return (moduleId: string, ctx: ChunkingContext) => (graphOf(ctx).has(moduleId) ? name : null);
}
