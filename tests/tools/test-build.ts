/**
 * The production build the test suites share. A build is named by a hash of everything it is
 * made from (src/, sw/, public/, index.html, the build configuration and the lockfile), kept under
 * node_modules/.cache/, and reused by every suite and every later run until one of those changes:
 * both browser passes (tests/e2e/built-app.e2e.ts checks the build itself) and the benches that only
 * need "the app" all read the same folder, so a CI run builds the app once.
 *
 * The build id (<meta name="mosaic-build">) is derived from the hash, so a test that needs to
 * know it reads it here. `pwa-update.e2e.ts` needs a second deploy: `nextVersionBuild()` builds
 * the same sources once more under another id, which is exactly what a redeploy of unchanged code
 * looks like to a browser (a new index.html, hence a new precache list and service worker).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/mosaic-tests');
/** What a client build reads: folders walked whole, and single files. */
const BUILD_INPUTS = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'tsconfig.base.json', 'package-lock.json'];
/** Builds of other sources older than this are removed when a new one is written. */
const STALE_BUILD_MS = 24 * 60 * 60 * 1000;

export interface TestBuild {
  /** The folder to serve as STATIC_DIR. Read only: copy it before changing anything in it. */
  dir: string;
  /** Its <meta name="mosaic-build"> content. */
  buildId: string;
}

async function filesOf(entry: string): Promise<string[]> {
  const full = path.join(ROOT, entry);
  const info = await stat(full).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory()) return [entry];
  const names = await readdir(full, { recursive: true, withFileTypes: true });
  return names.filter((name) => name.isFile()).map((name) => path.relative(ROOT, path.join(name.parentPath, name.name)));
}

let sourceHashOnce: Promise<string> | undefined;

/** A hash of the client build's inputs (file names and contents). */
export function clientSourceHash(): Promise<string> {
  sourceHashOnce ??= (async () => {
    const hash = createHash('sha256');
    const files = (await Promise.all(BUILD_INPUTS.map(filesOf))).flat().sort();
    for (const file of files) hash.update(file).update('\0').update(await readFile(path.join(ROOT, file)));
    return hash.digest('hex').slice(0, 12);
  })();
  return sourceHashOnce;
}

function viteBuild(outDir: string, buildId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: ROOT,
      // Under vitest NODE_ENV is 'test', which would make Vite produce a development build
      // (no service worker registration, React's development bundle).
      env: { ...process.env, NODE_ENV: 'production', VITE_BUILD_ID: buildId },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}

async function removeStaleBuilds(current: string): Promise<void> {
  for (const entry of await readdir(CACHE_DIR).catch(() => [])) {
    const folder = path.join(CACHE_DIR, entry);
    if (!entry.startsWith('build-') || folder === current || entry.endsWith('.tmp')) continue;
    const info = await stat(folder).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_BUILD_MS) await rm(folder, { recursive: true, force: true });
  }
}

/** Builds once into `folder` (a temporary name renamed into place, so concurrent callers share one). */
async function buildOnce(folder: string, buildId: string): Promise<TestBuild> {
  if (!existsSync(path.join(folder, 'index.html'))) {
    const building = `${folder}.${process.pid}.${Date.now()}.tmp`;
    try {
      await viteBuild(building, buildId);
      await rename(building, folder);
      await removeStaleBuilds(folder);
    } catch (error) {
      await rm(building, { recursive: true, force: true });
      if (!existsSync(path.join(folder, 'index.html'))) throw error;
    }
  }
  return { dir: folder, buildId };
}

const builds = new Map<string, Promise<TestBuild>>();

function cachedBuild(variant: '' | '-next'): Promise<TestBuild> {
  let build = builds.get(variant);
  if (!build) {
    build = clientSourceHash().then((hash) => buildOnce(path.join(CACHE_DIR, `build-${hash}${variant}`), `test-${hash}${variant}`));
    builds.set(variant, build);
  }
  return build;
}

/** The production build of the current sources, made on first use. */
export function sharedBuild(): Promise<TestBuild> {
  return cachedBuild('');
}

/** The same sources built again under another build id: the "next deploy" of `sharedBuild()`. */
export function nextVersionBuild(): Promise<TestBuild> {
  return cachedBuild('-next');
}

/**
 * A build of its own in a fresh temporary folder, for the benches that compare builds (another
 * commit's, or this one's built again); tests use `sharedBuild()`.
 */
export async function buildApp(buildId: string): Promise<{ outDir: string; remove(): Promise<void> }> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'mosaic-build-'));
  await viteBuild(outDir, buildId);
  return { outDir, remove: () => rm(outDir, { recursive: true, force: true }) };
}
