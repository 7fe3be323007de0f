import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { copyPgliteTemplate } from '../helpers/database-template';
import { createThrowAwayPostgresDatabase, type ThrowAwayPostgresDatabase } from '../helpers/server-database';
import { launchChromium } from '../tools/chromium';
import { freePort } from '../tools/free-port';
import { stopGracefully } from '../tools/stop-process';
import { sharedBuild } from '../tools/test-build';

export { freePort };

const root = new URL('../../', import.meta.url).pathname;

// One list of Chromium flags for every browser script (tests/tools/chromium.ts).
export { CHROMIUM_PATH, launchPersistentChromium } from '../tools/chromium';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * `npm run test:e2e:pg` sets MOSAIC_E2E_DATABASE=postgres: every server then gets a fresh
 * throw-away database on the PostgreSQL that TEST_DATABASE_URL reaches (dropped when it stops).
 * Otherwise each server uses embedded PGlite in its own data folder. Either starts as a copy of the
 * run's prepared template (tests/helpers/database-template.ts), as a server's second start would
 * find it. A flag of its own, because CI exports TEST_DATABASE_URL for the server suite and
 * `npm run test:e2e` must stay on PGlite.
 */
export const E2E_DATABASE: 'pglite' | 'postgres' = process.env.MOSAIC_E2E_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

async function databaseFor(extraEnv: Record<string, string>): Promise<ThrowAwayPostgresDatabase | undefined> {
  // A caller that names its own database keeps it.
  if (E2E_DATABASE !== 'postgres' || extraEnv.DATABASE_URL) return undefined;
  return createThrowAwayPostgresDatabase(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL, 'mosaic_e2e');
}

async function waitUntilHealthy(child: ChildProcess, baseUrl: string): Promise<void> {
  // Seconds on a quiet machine; a shared 2-core machine under load has taken a minute and more.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy within 180 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts the real server (PGlite in a fresh data folder, or a fresh PostgreSQL database, above)
 * serving the run's shared production build (tests/tools/test-build.ts), as `npm start` runs it:
 * server/src compiled to JavaScript by server/scripts/start-server.mjs (reused while unchanged).
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  // A test that restarts the server on the same address (the open page keeps talking to it) names the port.
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'mosaic-e2e-'));
  const database = await databaseFor(extraEnv);
  if (!database && !extraEnv.DATABASE_URL && !extraEnv.DATA_DIR) await copyPgliteTemplate(join(dataDir, 'pglite'));
  const staticDir = extraEnv.STATIC_DIR ?? (await sharedBuild()).dir;
  const child: ChildProcess = spawn(process.execPath, [join(root, 'server/scripts/start-server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      DATABASE_URL: database?.url ?? '',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    await waitUntilHealthy(child, baseUrl);
  } catch (error) {
    child.kill('SIGKILL');
    await cleanUp();
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      await stopGracefully(child, 5000);
      await cleanUp();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export async function newContext(browser: Browser, width = 1280, height = 800): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height } });
}

export interface Account {
  email: string;
  password: string;
  name: string;
  org_name: string;
}

let counter = 0;
export function uniqueAccount(prefix = 'owner'): Account {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    email: `${prefix}.${tag}@acme-${tag}.test`,
    password: 'correct horse battery staple',
    name: 'Avery Marketer',
    org_name: `Acme ${tag}`,
  };
}

/** Registers an organisation owner through the public API. */
export async function registerAccount(baseUrl: string, account: Account): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

/** Signs in through the public API (no browser): the tokens the Login screen would store. */
export async function apiLogin(baseUrl: string, account: Pick<Account, 'email' | 'password'>): Promise<SessionTokens> {
  const res = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SessionTokens;
}

/** Signs in through the real Login screen and waits until the app has left it. */
export async function signInThroughUi(page: Page, baseUrl: string, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  // Exact: for a domain with single sign-on, Login also shows "Sign in with {provider}".
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Resolves once a service worker controls the page (the first install claims it at once). */
export async function waitForServiceWorkerControl(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, {
    timeout: timeoutMs,
  });
}

export interface AppUnderTest {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * The usual set-up of a browser test file: the real server (fresh data folder) serving the run's
 * shared build, plus one Chromium. Registers the file's beforeAll/afterAll; read `server` and
 * `browser` inside tests.
 */
export function startAppForFile(options: { env?: Record<string, string> } = {}): AppUnderTest {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(options.env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test`);
    return value;
  };
  return {
    get server() {
      return started(server, 'the server');
    },
    get browser() {
      return started(browser, 'the browser');
    },
  };
}
