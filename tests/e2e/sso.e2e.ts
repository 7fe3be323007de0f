/**
 * Single sign-on in real Chromium: an owner sets up the organisation's OpenID provider in
 * Workspace Settings (a real `oidc-provider` on loopback), proves the email domain by adding the
 * TXT record the card shows (to a real DNS server on loopback, which the server asks) and choosing
 * Verify; then a colleague who has no account types their work email on Login, chooses "Sign in
 * with Acme ID", signs in on the provider's own login and consent pages, and lands in Mosaic as a
 * member of the organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, newContext, registerAccount, signInThroughUi, startAppForFile, uniqueAccount } from './harness';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server';
import { startOidcProvider, type TestIdentityProvider } from '../helpers/oidc-provider';

// The provider runs on http://127.0.0.1: allowed here only (production issuers must use https).
const env: Record<string, string> = { SSO_ALLOW_HTTP_ISSUERS: 'true' };
let dns: TestDnsServer | undefined;
// Registered before the app's own beforeAll, which reads `env` when it starts the server.
beforeAll(async () => {
  dns = await startDnsServer();
  env.DNS_RESOLVER = dns.address;
});
const app = startAppForFile({ env });
let idp: TestIdentityProvider | undefined;
afterAll(async () => {
  await idp?.close();
  await dns?.close();
});

describe('single sign-on', () => {
  it('an owner sets it up; a colleague signs in through the provider and joins as a member', async () => {
    const owner = { ...uniqueAccount('owner'), name: 'Olga Owner' };
    await registerAccount(app.server.baseUrl, owner);
    const domain = owner.email.split('@')[1]!;
    idp = await startOidcProvider({ redirectUris: [`${app.server.baseUrl}/api/v1/auth/sso/callback`] });
    const colleague = `nia.${Date.now().toString(36)}@${domain}`;
    idp.accounts.set(colleague, { email: colleague, email_verified: true, name: 'Nia Newcomer' });

    // The owner sets up single sign-on in Workspace Settings.
    const ownerContext = await newContext(app.browser);
    const ownerPage = await ownerContext.newPage();
    await signInThroughUi(ownerPage, app.server.baseUrl, owner);
    await ownerPage.goto(`${app.server.baseUrl}/workspace-settings`);
    const form = ownerPage.getByRole('form', { name: 'Single sign-on settings' });
    await form.waitFor();
    expect(await form.getByLabel('Redirect URI', { exact: true }).inputValue()).toBe(`${app.server.baseUrl}/api/v1/auth/sso/callback`);
    await form.getByLabel('Provider name').fill('Acme ID');
    await form.getByLabel('Issuer URL').fill(idp.issuer);
    await form.getByLabel('Client ID').fill(idp.clientId);
    await form.getByLabel('Client secret', { exact: true }).fill(idp.clientSecret);
    await form.getByLabel('Email domain').fill(domain);
    await form.getByRole('button', { name: 'Set up single sign-on' }).click();
    await ownerPage.getByText(`Single sign-on saved. Verify ${domain} below so the sign-in screen offers Acme ID.`).waitFor();
    // Saved: the secret is not shown again, and the form now edits the saved provider.
    expect(await form.getByLabel('Client secret', { exact: true }).inputValue()).toBe('');
    await form.getByText('Saved and hidden. Leave empty to keep it, or enter a new one.').waitFor();

    // Not offered until the domain is proved: the owner adds the record the card shows, then Verify.
    const domainSection = ownerPage.getByRole('region', { name: `Email domain ${domain}` });
    await domainSection.getByText('Unverified', { exact: true }).waitFor();
    const recordName = await domainSection.getByRole('textbox', { name: 'TXT record name' }).inputValue();
    const recordValue = await domainSection.getByRole('textbox', { name: 'TXT record value' }).inputValue();
    expect(recordName).toBe(`_mosaic-verification.${domain}`);
    dns!.txt.set(recordName, [recordValue]);
    await domainSection.getByRole('button', { name: 'Verify' }).click();
    await ownerPage.getByText(`${domain} is verified: the sign-in screen now offers Acme ID`).waitFor();
    await domainSection.getByText('Verified', { exact: true }).waitFor();
    await ownerContext.close();

    // A colleague with no account yet, on their own browser.
    const context = await newContext(app.browser);
    const page = await context.newPage();
    await page.goto(`${app.server.baseUrl}/login`);
    await page.getByLabel('Email').fill(colleague);
    const ssoButton = page.getByRole('button', { name: 'Sign in with Acme ID' });
    await ssoButton.waitFor();
    expect(await page.getByText(`${owner.org_name} signs in with Acme ID.`, { exact: false }).isVisible()).toBe(true);
    await ssoButton.click();

    // The provider's own pages: login (the address is suggested), then consent.
    await page.waitForURL((url) => url.origin === idp!.issuer);
    await page.locator('input[name="login"]').waitFor();
    expect(await page.locator('input[name="login"]').inputValue()).toBe(colleague);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back in Mosaic, signed in as a member of the owner's organisation.
    await page.waitForURL((url) => url.origin === app.server.baseUrl && url.pathname === '/dashboard', { timeout: 30_000 });
    const me = await page.evaluate(async () => {
      const token = localStorage.getItem('ma_access_token');
      const answer = await fetch('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
      return (await answer.json()) as { email: string; name: string; role: string };
    });
    expect(me).toMatchObject({ email: colleague, name: 'Nia Newcomer', role: 'org_member' });
    const ownerTokens = await apiLogin(app.server.baseUrl, owner);
    const members = await fetch(`${app.server.baseUrl}/api/v1/orgs/members`, { headers: { authorization: `Bearer ${ownerTokens.access_token}` } });
    const list = (await members.json()) as { members: { email: string; role: string }[] };
    expect(list.members).toContainEqual(expect.objectContaining({ email: colleague, role: 'org_member' }));
    await context.close();
  }, 240_000);
});
