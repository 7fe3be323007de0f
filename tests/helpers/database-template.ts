/**
 * One prepared database per schema, copied for every test instead of created: creating a PGlite
 * cluster costs ~3.5 s of CPU and migrating it ~0.5 s more, against ~0.4 s to start one from a
 * saved copy; on PostgreSQL `CREATE DATABASE … TEMPLATE` copies a migrated database in
 * milliseconds. "Prepared" is what a server's first start leaves: the migrations applied and
 * pg-boss's schema created (server/src/first-start.ts, `prepareDatabase`).
 *
 * The copy is named by a hash of what decides its contents (the migrations and the versions of
 * PGlite and pg-boss), so a change to any of them makes a new one, and an unchanged schema is
 * reused by the next run as it is:
 *  - PGlite: a closed data folder and its `dumpDataDir` tarball under node_modules/.cache/, written
 *    under a temporary name and renamed into place, so processes starting together share one;
 *  - PostgreSQL: a `mosaic_template_<hash>` database on the test server, made under an advisory
 *    lock and marked as a template that nobody may connect to (a connection would block copies).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_FOLDER } from '../../server/src/db/database';
import { prepareDatabase } from '../../server/src/first-start';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/mosaic-tests');

async function packageVersion(name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

let keyOnce: Promise<string> | undefined;

/** A hash of the migrations and the engine and queue versions: the same key, the same prepared database. */
export function templateKey(): Promise<string> {
  keyOnce ??= (async () => {
    const hash = createHash('sha256');
    const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).filter((file) => /\.(sql|json)$/.test(file)).sort();
    for (const file of files) hash.update(file).update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
    hash.update(await packageVersion('@electric-sql/pglite')).update(await packageVersion('pg-boss'));
    return hash.digest('hex').slice(0, 12);
  })();
  return keyOnce;
}

export interface PgliteTemplate {
  /** A closed, prepared PGlite data folder: copy it, never open it. */
  folder: string;
  /** The same cluster as a `dumpDataDir` tarball, for PGlite in memory. */
  tarball: string;
}

async function writePgliteTemplate(destination: string): Promise<void> {
  const building = `${destination}.${process.pid}.${Date.now()}.tmp`;
  const folder = path.join(building, 'pglite');
  await mkdir(building, { recursive: true });
  try {
    await prepareDatabase({ kind: 'pglite', dataDir: folder });
    // Opened once more to save it as a tarball; closed again, so the folder stays a clean copy.
    const client = new PGlite({ dataDir: folder });
    await client.waitReady;
    const dump = await client.dumpDataDir('none');
    await client.close();
    await writeFile(path.join(building, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()));
    await rename(building, destination);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    // Another process renamed its copy into place first: use that one.
    if (!existsSync(path.join(destination, 'pglite.tar'))) throw error;
  }
}

let pgliteOnce: Promise<PgliteTemplate> | undefined;

/** The prepared PGlite cluster for this schema, made on first use. */
export function pgliteTemplate(): Promise<PgliteTemplate> {
  pgliteOnce ??= (async () => {
    const destination = path.join(CACHE_DIR, `pglite-${await templateKey()}`);
    if (!existsSync(path.join(destination, 'pglite.tar'))) await writePgliteTemplate(destination);
    return { folder: path.join(destination, 'pglite'), tarball: path.join(destination, 'pglite.tar') };
  })();
  return pgliteOnce;
}

let tarballOnce: Promise<Uint8Array> | undefined;

/** The template's bytes as PGlite's `loadDataDir` takes them (read once per worker). */
export function pgliteTemplateDump(): Promise<Uint8Array> {
  tarballOnce ??= pgliteTemplate().then(({ tarball }) => readFile(tarball));
  return tarballOnce;
}

/** Copies the prepared cluster to `dataDir` (a server's DATA_DIR/pglite), which must not exist yet. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  const { folder } = await pgliteTemplate();
  await mkdir(path.dirname(dataDir), { recursive: true });
  await cp(folder, dataDir, { recursive: true });
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const postgresOnce = new Map<string, Promise<string>>();

/** The prepared template database on the server `adminUrl` reaches, made on first use; its name. */
export function postgresTemplate(adminUrl: string): Promise<string> {
  let once = postgresOnce.get(adminUrl);
  if (!once) {
    once = (async () => {
      const name = `mosaic_template_${await templateKey()}`;
      await withClient(adminUrl, async (admin) => {
        // One maker at a time across every process of every run on this server.
        await admin.query(`SELECT pg_advisory_lock(hashtext('mosaic_test_template'))`);
        const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (rowCount) return;
        // Made under another name and renamed once complete: a run killed half-way leaves no broken template.
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        await prepareDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      });
      return name;
    })();
    postgresOnce.set(adminUrl, once);
  }
  return once;
}
