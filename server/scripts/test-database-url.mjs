// The PostgreSQL that `npm run test:pg` and `npm run test:e2e:pg` create their throw-away
// databases on: TEST_DATABASE_URL, or the local default. Checked before any test starts, so an
// unreachable server is one clear message instead of a failure in every test file.
import pg from 'pg';

const DEFAULT_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/** The URL as it may be printed: the password replaced. */
function redacted(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Connects once and prints `${label} ${version} at ${url}`; exits with a hint when it cannot. */
export async function reachableTestDatabaseUrl(label) {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query('SHOW server_version');
    console.log(`${label} ${rows[0].server_version} at ${redacted(url)}`);
  } catch (error) {
    console.error(`PostgreSQL is not reachable at ${redacted(url)}: ${error instanceof Error ? error.message : error}`);
    console.error('Start one (e.g. `pg_ctlcluster 15 main start`) or set TEST_DATABASE_URL, then run again.');
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }
  return url;
}
