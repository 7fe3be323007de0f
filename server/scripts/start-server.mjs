// `npm start` runs the server through this file: server/src is compiled to plain JavaScript with
// esbuild (well under a second), written to server/.build/<content hash>/, and run in this process.
//
// Why not `tsx server/src/server.ts` (what `npm run dev:server` uses)? tsx compiles each module as
// it is imported, in a loader thread that stays alive with its own JavaScript heap, esbuild's
// code and the source of every module it handed over: about 90 MiB of resident memory for the
// life of the process, a third of the server's footprint at rest (docs/reliability.md).
//
// Packages stay in node_modules (imported as usual); only the project's own TypeScript is bundled.
// Lazy `import()`s of project files become separate chunks, so what they pull in still loads on
// first use. Each module keeps its own `import.meta.url`, so paths relative to a source file
// (migrations, worker scripts) resolve as they do under tsx. Several processes may start at once:
// each output folder is written under a temporary name and renamed into place.
//
// The last build records the source files it was made from, with their hashes
// (server/.build/latest.json). A start whose sources all still match runs that build without
// compiling: restarts, and the test suites' dozens of server processes, pay ~20 ms of hashing
// instead of esbuild's few hundred milliseconds of CPU each.
//
// `npm start` runs this file with two settings of the C library's allocator (glibc, read when the
// process starts, so they cannot be set from here; other C libraries ignore them), each
// overridable from the environment. Measured in docs/reliability.md ("Footprint"): together they
// took ~30 MiB off the server at rest after bench:footprint's hostile inputs, with the same
// throughput.
// - MALLOC_ARENA_MAX=2: glibc gives a thread that finds the allocator busy a heap (arena) of its
//   own, up to 8 per core; the server's threads (the database thread, V8's compilers and garbage
//   collector, libuv's pool) made 7–9 of them, each keeping the memory freed in it.
// - MALLOC_MMAP_THRESHOLD_=131072: blocks of 128 KiB or more are mapped on their own and given
//   back to the system when freed. That is glibc's default, but each time such a block is freed
//   glibc raises the threshold to its size (up to 32 MiB), so 1 MiB request bodies and large
//   query results came to be carved from the heaps instead, where the freed memory stays with the
//   process. Setting it keeps it where it is (and the heaps' trimming threshold at 128 KiB too).
// Starting the server another way (`node server/scripts/start-server.mjs`) works without them.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// esbuild comes with tsx, a runtime dependency, so it is there without the dev dependencies too.
import { build, stop as stopEsbuild } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
const buildRoot = path.join(root, 'server', '.build');
/** Output folders of other versions older than this are removed (another checkout may still run one). */
const STALE_BUILD_MS = 24 * 60 * 60 * 1000;

/** Replaces `import.meta.url` in each project file with that file's own URL (bundling would merge them). */
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const contents = source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const latestFile = path.join(buildRoot, 'latest.json');

const sha256 = (contents) => createHash('sha256').update(contents).digest('hex');

/** The folder of the last build when none of its sources has changed since, else undefined. */
async function unchangedBuild() {
  const latest = await readFile(latestFile, 'utf8').then(JSON.parse, () => undefined);
  if (!latest || !existsSync(path.join(buildRoot, latest.version, 'server.mjs'))) return undefined;
  for (const [file, hash] of Object.entries(latest.inputs)) {
    const contents = await readFile(path.join(root, file)).catch(() => undefined);
    if (!contents || sha256(contents) !== hash) return undefined;
  }
  return path.join(buildRoot, latest.version);
}

/** Records what `version` was built from (written under a temporary name, then renamed: readers see all or nothing). */
async function recordLatest(version, inputs) {
  const hashes = {};
  for (const file of inputs) hashes[file] = sha256(await readFile(path.join(root, file)));
  const temporary = `${latestFile}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify({ version, inputs: hashes }));
  await rename(temporary, latestFile);
}

async function compile() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { server: 'server/src/server.ts' },
    outdir: path.join(buildRoot, 'out'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Stack traces in the logs point at server/src (the server turns source maps on).
    sourcemap: 'linked',
    outExtension: { '.js': '.mjs' },
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [keepImportMetaUrl],
  });
  const files = result.outputFiles.map((file) => ({ name: path.relative(path.join(buildRoot, 'out'), file.path), contents: file.contents }));
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update(file.contents);
  return { files, version: hash.digest('hex').slice(0, 16), inputs: Object.keys(result.metafile.inputs) };
}

/** Writes the build once per version; concurrent starts of the same version share it. */
async function install({ files, version }) {
  const folder = path.join(buildRoot, version);
  if (existsSync(path.join(folder, 'server.mjs'))) return folder;
  const temporary = `${folder}.${process.pid}.tmp`;
  await mkdir(temporary, { recursive: true });
  for (const file of files) {
    await mkdir(path.dirname(path.join(temporary, file.name)), { recursive: true });
    await writeFile(path.join(temporary, file.name), file.contents);
  }
  try {
    await rename(temporary, folder);
  } catch (error) {
    // Another process installed the same version first: use theirs.
    await rm(temporary, { recursive: true, force: true });
    if (!existsSync(path.join(folder, 'server.mjs'))) throw error;
  }
  return folder;
}

async function removeStaleBuilds(current) {
  for (const entry of await readdir(buildRoot)) {
    const folder = path.join(buildRoot, entry);
    if (folder === current) continue;
    const info = await stat(folder).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_BUILD_MS) await rm(folder, { recursive: true, force: true });
  }
}

async function compileAndInstall() {
  const compiled = await compile();
  const installed = await install(compiled);
  // esbuild's compiler runs as a child process; it is not needed once the build is written.
  await stopEsbuild();
  await recordLatest(compiled.version, compiled.inputs);
  await removeStaleBuilds(installed).catch(() => {});
  return installed;
}

const folder = (await unchangedBuild()) ?? (await compileAndInstall());
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(folder, 'server.mjs')).href);
