import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCreateAdmin } from '../../server/src/cli/create-admin-command';
import { openDatabase } from '../../server/src/db/database';
import { API, authHeaders, createTestApp, login, registerOwner, testEngine } from '../helpers/server';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../helpers/server-database';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const cli = path.join(root, 'server', 'src', 'cli', 'create-admin.ts');

describe(`npm run admin:create (${testEngine})`, () => {
  let target: TestDatabaseTarget;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    target = await createTestDatabaseTarget({ persistent: true });
    const t = target.target;
    // The CLI reads the same variables as the server.
    env =
      t.kind === 'postgres'
        ? { ...process.env, DATABASE_URL: t.url, MOSAIC_ADMIN_PASSWORD: '' }
        : { ...process.env, DATABASE_URL: '', DATA_DIR: path.dirname(t.dataDir!), MOSAIC_ADMIN_PASSWORD: '' };
  });
  afterAll(() => target.dispose());

  /** The command as `npm run admin:create` starts it: its own process, through its entry file. */
  const adminProcess = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
    run(tsx, [cli, ...args], { env: { ...env, ...extraEnv }, cwd: root });

  /**
   * The same command in this process (a new process costs a second of compiling): its exit code and
   * what it printed. One test goes through the entry above; the rest need only the command.
   */
  async function admin(args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runCreateAdmin(args, { ...env, ...extraEnv }, { log: (line) => stdout.push(line), error: (line) => stderr.push(line) });
    return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
  }

  /** Runs `check` against the real app on the CLI's database, then closes it (PGlite allows one user). */
  async function withApp<T>(check: (app: Awaited<ReturnType<typeof createTestApp>>) => Promise<T>): Promise<T> {
    const database = await openDatabase(target.target);
    const t = await createTestApp({ database });
    try {
      return await check(t);
    } finally {
      await t.close();
      await database.close();
    }
  }

  it('creates a system admin with a generated password printed once', async () => {
    const { stdout } = await adminProcess(['--email', 'Root@Example.com', '--name', 'Root Admin']);
    expect(stdout).toMatch(/Created system_admin root@example\.com/);
    const password = /Generated password \(shown once, store it now\): (\S+)/.exec(stdout)?.[1];
    expect(password).toBeDefined();
    await withApp(async (t) => {
      const session = await login(t.app, 'root@example.com', password);
      expect(session.user).toMatchObject({ role: 'system_admin', org_id: null, name: 'Root Admin' });
      const spaces = await t.app.inject({ method: 'GET', url: `${API}/spaces/`, headers: authHeaders(session.access_token) });
      expect(spaces.json()).toEqual({ data: [], next_cursor: null });
    });
  });

  it('takes the password from MOSAIC_ADMIN_PASSWORD and creates a support admin', async () => {
    const { stdout } = await admin(['--email', 'help@example.com', '--name', 'Help', '--role', 'support_admin'], {
      MOSAIC_ADMIN_PASSWORD: 'support-password-1',
    });
    expect(stdout).not.toContain('Generated password');
    await withApp(async (t) => {
      expect((await login(t.app, 'help@example.com', 'support-password-1')).user.role).toBe('support_admin');
    });
  });

  it('promotes an existing account, keeping its password unless one is given', async () => {
    const owner = await withApp(async (t) => registerOwner(t.app));
    const { stdout } = await admin(['--email', owner.email, '--name', 'Promoted']);
    expect(stdout).toContain(`Promoted system_admin ${owner.email}`);
    expect(stdout).not.toContain('Generated password');
    await withApp(async (t) => {
      expect((await login(t.app, owner.email, owner.password)).user).toMatchObject({ role: 'system_admin', org_id: null });
    });
  });

  it('refuses bad arguments with a clear message and a non-zero exit', async () => {
    // Through the entry once: the process's own exit code.
    await expect(adminProcess(['--name', 'No Email'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--email is required') });
    expect(await admin(['--email', 'x@y.z', '--name', 'R', '--role', 'org_owner'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--role must be system_admin or support_admin'),
    });
    expect(await admin(['--email', 'x@y.z', '--name', 'R', '--password', 'short'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('at least 8 characters'),
    });
    expect(await admin(['--email', 'x@y.z', '--name', 'R', '--colour', 'blue'])).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--colour'") });
  });
});
