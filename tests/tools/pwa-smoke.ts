/**
 * Checks the built worker in real Chromium against the real server: installability as Chromium
 * judges it, the app shell opening with the server gone, API reads saved per user and wiped by
 * CLEAR_API_CACHE, and auth calls never saved. Prints each finding; exits non-zero on a failure.
 * Builds into a temporary folder first. Run: npx tsx tests/tools/pwa-smoke.ts
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { registerAccount, startServer, uniqueAccount } from '../e2e/harness';
import { launchPersistentChromium } from './chromium';

const root = new URL('../../', import.meta.url).pathname;
let failures = 0;

function check(what: string, ok: boolean, detail: unknown = ''): void {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail === '' ? '' : ` — ${JSON.stringify(detail)}`}`);
}

async function main(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'mosaic-pwa-smoke-'));
  await promisify(execFile)(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir'], { cwd: root });
  const profileDir = await mkdtemp(join(tmpdir(), 'mosaic-pwa-profile-'));
  const server = await startServer({ STATIC_DIR: outDir });
  const context = await launchPersistentChromium(profileDir);
  try {
    const account = uniqueAccount('pwa');
    await registerAccount(server.baseUrl, account);
    const login = await fetch(`${server.baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
    check('worker controls the page after first install', await page.evaluate(() => navigator.serviceWorker.controller !== null));

    const cdp = await context.newCDPSession(page);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    check('Chromium finds the app installable', installability.installabilityErrors.length === 0, installability.installabilityErrors);

    const apiGet = (path: string, bearer: string | null) =>
      page.evaluate(
        async ([p, t]) => {
          try {
            const res = await fetch(`/api/v1${p}`, { headers: t ? { Authorization: `Bearer ${t}` } : {} });
            return { status: res.status, saved: res.headers.get('X-Mosaic-Served-From-Cache') === '1' };
          } catch {
            return { status: 0, saved: false };
          }
        },
        [path, bearer] as const,
      );

    check('GET /me online comes from the network', (await apiGet('/me', token)).saved === false);
    await apiGet('/spaces/', token);

    await server.stop();
    const meOffline = await apiGet('/me', token);
    check('GET /me with the server gone is served from the saved copy', meOffline.status === 200 && meOffline.saved, meOffline);
    check('GET /spaces/ with the server gone is served from the saved copy', (await apiGet('/spaces/', token)).saved);
    check('another user gets nothing saved', (await apiGet('/me', 'not-a-jwt')).status === 0);
    check('health is never saved', (await apiGet('/health', null)).status === 0);

    await page.goto(`${server.baseUrl}/agents/seo/chat/abc`);
    check('a deep link opens the app shell with the server gone', (await page.title()) === 'Mosaic');

    await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: 'CLEAR_API_CACHE' }));
    await page.waitForTimeout(300);
    check('CLEAR_API_CACHE removes saved API answers', (await apiGet('/me', token)).status === 0);
  } finally {
    await context.close();
    await server.stop();
    await rm(outDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
  }
}

await main();
process.exitCode = failures === 0 ? 0 : 1;
