/**
 * Per-route first-load JS and CSS (gzip) from a build's manifest (`build.manifest: true` writes
 * <outDir>/.vite/manifest.json). A route's first load is the entry (index.html's script) plus the
 * route's lazy screen chunk plus everything those import statically; signed-in routes also need
 * the application shell chunk (and what it loads at start, SHELL_START_CHUNK_NAMES). Other dynamic
 * imports (loaded later, on demand) are not counted.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readRouteScreens, SIGNED_IN_SHELL_SOURCE } from '../../src/vite-plugins/route-screens';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  path: string;
  /** Entry + shell (when signed in) + screen, with static imports: what the browser must fetch. */
  firstLoadJs: number;
  firstLoadCss: number;
  /** What the screen adds beyond the entry and the shell: the "lazy route" budget. */
  routeJs: number;
}

export interface BuildSizes {
  entryJs: number;
  entryCss: number;
  /** The signed-in shell beyond the entry. */
  shellJs: number;
  routes: RouteSize[];
}

/**
 * Chunks the signed-in shell loads soon after it starts, through `import()` so they evaluate in
 * their own task: the device read model (Dexie), where the plan card saves each summary it loads
 * when the browser is next idle (src/features/billing/billing.store.ts). A screen that uses it finds it loaded, so it is part of
 * the shell here, not of the screen's lazy-route figure (nor of its first paint).
 */
const SHELL_START_CHUNK_NAMES = new Set(['db']);

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

export async function measureBuild(root: string, outDir: string): Promise<BuildSizes> {
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gzipCache = new Map<string, number>();
  const gz = async (file: string) => {
    const cached = gzipCache.get(file);
    if (cached !== undefined) return cached;
    const size = gzipSync(await readFile(path.join(outDir, file))).length;
    gzipCache.set(file, size);
    return size;
  };
  const sum = async (keys: Iterable<string>, kind: 'js' | 'css') => {
    const files = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) continue;
      if (kind === 'js') files.add(chunk.file);
      else (chunk.css ?? []).forEach((css) => files.add(css));
    }
    let total = 0;
    for (const file of files) total += await gz(file);
    return total;
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry');
  const entry = closure(manifest, [entryKey]);
  const shellStatic = closure(manifest, [entryKey, SIGNED_IN_SHELL_SOURCE]);
  const shellStartLoads = [...shellStatic].flatMap((key) =>
    (manifest[key]?.dynamicImports ?? []).filter((target) => SHELL_START_CHUNK_NAMES.has(manifest[target]?.name ?? '')),
  );
  if (shellStartLoads.length === 0) throw new Error('The shell no longer loads the read model at start: update SHELL_START_CHUNK_NAMES');
  const withShell = closure(manifest, [...shellStatic, ...shellStartLoads]);
  const routes: RouteSize[] = [];
  for (const screen of await readRouteScreens(root)) {
    if (!manifest[screen.source]) throw new Error(`No chunk for ${screen.source} in the build manifest`);
    const base = screen.signedIn ? withShell : entry;
    const all = closure(manifest, [...base, screen.source]);
    const own = [...all].filter((key) => !base.has(key));
    routes.push({
      path: screen.path,
      firstLoadJs: await sum(all, 'js'),
      firstLoadCss: await sum(all, 'css'),
      routeJs: await sum(own, 'js'),
    });
  }
  return {
    entryJs: await sum(entry, 'js'),
    entryCss: await sum(entry, 'css'),
    shellJs: await sum([...withShell].filter((key) => !entry.has(key)), 'js'),
    routes,
  };
}
