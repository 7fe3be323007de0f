/**
 * The platform admin area in real Chromium against the real server and a production build: a
 * system admin (made with `npm run admin:create`) finds a member, suspends them with a reason, and
 * the member's open browser, on its very next request, lands on Login saying the account is
 * suspended; signing in again is refused with the same words. Reactivated, they sign in again.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../src/contract/account';
import { copyPgliteTemplate } from '../helpers/database-template';
import { createThrowAwayPostgresDatabase, type ThrowAwayPostgresDatabase } from '../helpers/server-database';
import { verifyDomainThroughAdmin } from './domain-approval';
import { E2E_DATABASE, apiLogin, launchBrowser, newContext, registerAccount, signInThroughUi, startServer, uniqueAccount, type RunningServer } from './harness';

const root = new URL('../../', import.meta.url).pathname;
const admin = { email: 'sam.sysadmin@mosaic-admin.test', password: 'correct horse battery staple' };

/** `npm run admin:create` against the server's database, before the server opens it (PGlite has one user at a time). */
function createAdmin(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), ['server/src/cli/create-admin.ts', '--email', admin.email, '--name', 'Sam Sysadmin', '--password', admin.password], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`admin:create exited with ${code}`))));
  });
}

async function post(url: string, body: object, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe('platform admin: suspending a signed-in member', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let database: ThrowAwayPostgresDatabase | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mosaic-admin-e2e-'));
    if (E2E_DATABASE === 'postgres') {
      database = await createThrowAwayPostgresDatabase(process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres', 'mosaic_e2e');
    } else {
      await copyPgliteTemplate(join(dataDir, 'pglite'));
    }
    const target = { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' };
    await createAdmin(target);
    server = await startServer(target);
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the member is signed out on their next request and told why; reactivated, they sign in again', async () => {
    const baseUrl = server.baseUrl;
    const owner = { ...uniqueAccount('owner'), name: 'Olga Owner' };
    await registerAccount(baseUrl, owner);
    const domain = owner.email.split('@')[1]!;
    const ownerToken = (await apiLogin(baseUrl, owner)).access_token;
    // People join by domain only once it is verified: here a system admin approves the claim.
    await verifyDomainThroughAdmin(baseUrl, domain, ownerToken, (await apiLogin(baseUrl, admin)).access_token);
    const member = { name: 'Mia Member', email: `mia.${Date.now().toString(36)}@${domain}`, password: 'another correct horse battery' };
    expect((await post(`${baseUrl}/api/v1/register/with-domain`, { ...member, choice: 'join_existing' })).status).toBe(202);
    const pending = await (await fetch(`${baseUrl}/api/v1/orgs/join-requests`, { headers: { authorization: `Bearer ${ownerToken}` } })).json();
    const request = pending.join_requests.find((candidate: { email: string }) => candidate.email === member.email);
    expect((await fetch(`${baseUrl}/api/v1/orgs/join-requests/${request.id}/approve`, { method: 'PUT', headers: { authorization: `Bearer ${ownerToken}` } })).status).toBe(200);

    // The member works in their own browser.
    const memberContext = await newContext(browser);
    const memberPage = await memberContext.newPage();
    await signInThroughUi(memberPage, baseUrl, member);
    await memberPage.goto(`${baseUrl}/knowledge-base`);
    await memberPage.getByRole('heading', { name: 'Knowledge Base', level: 1 }).waitFor();

    // The admin finds them and suspends them, with a reason.
    const adminContext = await newContext(browser);
    const adminPage = await adminContext.newPage();
    await signInThroughUi(adminPage, baseUrl, admin);
    await adminPage.goto(`${baseUrl}/admin/users`);
    // Typed and clicked at once, as a quick admin does: the search lands while the drawer opens,
    // and must neither close it nor be lost (the address keeps both).
    await adminPage.getByRole('searchbox', { name: 'Search users' }).fill('mia');
    await adminPage.getByRole('button', { name: 'Open Mia Member' }).click();
    const drawer = adminPage.getByRole('dialog', { name: 'Mia Member' });
    await drawer.getByText('Signed-in devices (1)').waitFor();
    await adminPage.waitForURL((url) => url.searchParams.get('q') === 'mia' && url.searchParams.has('user'));
    await drawer.getByRole('button', { name: 'Suspend' }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: 'Suspend Mia Member?' });
    await confirm.getByLabel('Reason').fill('Ticket 812: laptop reported stolen');
    await confirm.getByRole('button', { name: 'Suspend account' }).click();
    await drawer.getByText(/Suspended .* by sam\.sysadmin@mosaic-admin\.test: “Ticket 812: laptop reported stolen”/).waitFor();
    await drawer.getByText('Signed-in devices (0)').waitFor();

    // The member's open browser: the next request ends the session, and Login says why. That request
    // is a click here, unless one the page makes by itself (notifications, a token refresh) came first.
    if (!new URL(memberPage.url()).pathname.startsWith('/login')) {
      await memberPage.getByRole('link', { name: 'AI Agents' }).first().click({ timeout: 10_000 }).catch(() => undefined);
    }
    await memberPage.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    expect(new URL(memberPage.url()).searchParams.get('reason')).toBe('account_suspended');
    await memberPage.getByText(ACCOUNT_SUSPENDED_MESSAGE).waitFor();
    expect(await memberPage.evaluate(() => localStorage.getItem('ma_access_token'))).toBeNull();
    // Signing in again is refused with the same words.
    await memberPage.getByLabel('Email').fill(member.email);
    await memberPage.getByLabel('Password').fill(member.password);
    await memberPage.getByRole('button', { name: 'Sign in' }).click();
    await memberPage.getByRole('alert').filter({ hasText: ACCOUNT_SUSPENDED_MESSAGE }).waitFor();
    expect(new URL(memberPage.url()).pathname).toBe('/login');

    // The suspension is in the audit log, with the reason.
    await adminPage.goto(`${baseUrl}/admin/security?action=admin.user_suspended`);
    const log = adminPage.getByRole('table', { name: 'Activity' });
    await log.getByText('Reason: Ticket 812: laptop reported stolen').waitFor();

    // Reactivated, the member signs in again.
    await adminPage.goto(`${baseUrl}/admin/users?q=mia`);
    await adminPage.getByRole('button', { name: 'Open Mia Member' }).click();
    await adminPage.getByRole('dialog', { name: 'Mia Member' }).getByRole('button', { name: 'Reactivate' }).click();
    const reactivate = adminPage.getByRole('alertdialog', { name: 'Reactivate Mia Member?' });
    await reactivate.getByLabel('Reason').fill('Laptop found; owner confirmed');
    await reactivate.getByRole('button', { name: 'Reactivate account' }).click();
    await adminPage.getByRole('dialog', { name: 'Mia Member' }).getByText('Active', { exact: true }).waitFor();
    await signInThroughUi(memberPage, baseUrl, member);
    expect(new URL(memberPage.url()).pathname).not.toBe('/login');

    await memberContext.close();
    await adminContext.close();
  }, 240_000);
});
