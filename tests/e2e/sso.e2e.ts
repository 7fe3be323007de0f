/**
 * Single sign-on in real Chromium: an owner sets up the organisation's OpenID provider in
 * Workspace Settings (a real `oidc-provider` on loopback), then a colleague who has no account
 * types their work email on Login, chooses "Sign in with Acme ID", signs in on the provider's own
 * login and consent pages, and lands in Mosaic as a member of the organisation.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin, newContext, registerAccount, signInThroughUi, startAppForFile, uniqueAccount } from './harness';
import { startOidcProvider, type TestIdentityProvider } from '../helpers/oidc-provider';

// The provider runs on http://127.0.0.1: allowed here only (production issuers must use https).
const app = startAppForFile({ env: { SSO_ALLOW_HTTP_ISSUERS: 'true' } });
let idp: TestIdentityProvider | undefined;
afterAll(async () => idp?.close());

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
    await ownerPage.getByText(`People at ${domain} can now sign in with Acme ID`).waitFor();
    // Saved: the secret is not shown again, and the form now edits the saved provider.
    expect(await form.getByLabel('Client secret', { exact: true }).inputValue()).toBe('');
    await form.getByText('Saved and hidden. Leave empty to keep it, or enter a new one.').waitFor();
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
