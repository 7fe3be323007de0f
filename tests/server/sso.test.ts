/**
 * Single sign-on against a real OpenID provider (`oidc-provider` on a loopback port, its own login
 * and consent pages followed over HTTP): settings by role, discovery, the redirect with PKCE, state
 * and nonce, the callback and token exchange, joining by domain, and every refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DOMAIN_TEXTS } from '../../src/contract/domain-claims';
import type { SsoCompleteAnswer } from '../../src/contract/sso';
import type { SsoSettings } from '../../src/contract/sso-settings';
import { auditEvents, users } from '../../server/src/db/schema/index';
import { API, authHeaders, createTestApp, registerOwner, type RegisteredOwner, type SignedIn, type TestApp } from '../helpers/server';
import { startOidcProvider, type TestIdentityProvider } from '../helpers/oidc-provider';
import { addPerson, call, domainOf, newOrganisation } from './org-helpers';

const PUBLIC_URL = 'http://mosaic.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/v1/auth/sso/callback`;

describe('single sign-on with an OpenID Connect provider', () => {
  let t: TestApp;
  let idp: TestIdentityProvider;
  let owner: RegisteredOwner;
  let admin: SignedIn;
  let member: SignedIn;
  let domain: string;

  beforeAll(async () => {
    idp = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
    t = await createTestApp({ env: { PUBLIC_URL, SSO_ALLOW_HTTP_ISSUERS: 'true' }, captureLogs: true });
    owner = await newOrganisation(t, 'Acme Marketing');
    admin = await addPerson(t, owner, 'Ann Admin', 'org_admin');
    member = await addPerson(t, owner, 'Mo Member');
    domain = domainOf(owner);
  }, 300_000); // several accounts on a loaded machine (a 120 s default failed at load average 34)
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const settings = () => ({
    provider_name: 'Acme ID',
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    email_domain: domain.toUpperCase(),
    enabled: true,
  });

  /** Start → provider's pages → callback → hand-over, as the browser and the app would. */
  async function signIn(email: string, login = email) {
    const start = await t.app.inject({ method: 'GET', url: `${API}/auth/sso/start?email=${encodeURIComponent(email)}&redirect=%2Fagents` });
    expect(start.statusCode).toBe(302);
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const authorisation = new URL(String(start.headers.location));
    const back = await idp.signInThroughPages(authorisation.href, login);
    const callback = await t.app.inject({ method: 'GET', url: `${API}/auth/sso/callback${back.search}`, headers: { cookie } });
    expect(callback.statusCode).toBe(302);
    const landing = new URL(String(callback.headers.location), PUBLIC_URL);
    return { cookie, authorisation, back, landing };
  }

  const complete = (handoff: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `${API}/auth/sso/complete`, payload: { handoff }, headers: cookie ? { cookie } : {} });

  describe('settings', () => {
    it('lets only owners set it up, checks the issuer by discovery and never returns the secret', async () => {
      expect((await call(t, 'PUT', '/settings/sso', admin.access_token, settings())).statusCode).toBe(403);
      expect((await call(t, 'PUT', '/settings/sso', member.access_token, settings())).statusCode).toBe(403);
      expect((await call(t, 'GET', '/settings/sso', member.access_token)).statusCode).toBe(403);

      const wrongIssuer = await call(t, 'PUT', '/settings/sso', owner.access_token, { ...settings(), issuer: `${idp.issuer}/nowhere` });
      expect(wrongIssuer.statusCode).toBe(422);
      expect(wrongIssuer.json().errors[0].field).toBe('issuer');
      expect(wrongIssuer.json().errors[0].message).toContain('could not read the provider');

      const publicDomain = await call(t, 'PUT', '/settings/sso', owner.access_token, { ...settings(), email_domain: 'gmail.com' });
      expect(publicDomain.json().errors).toEqual([{ field: 'email_domain', message: expect.stringContaining('public email service') }]);

      const noSecret = await call(t, 'PUT', '/settings/sso', owner.access_token, { ...settings(), client_secret: undefined });
      expect(noSecret.json().errors[0].field).toBe('client_secret');

      const saved = await call(t, 'PUT', '/settings/sso', owner.access_token, settings());
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ provider_name: 'Acme ID', email_domain: domain, client_secret_set: true, enabled: true });
      expect(saved.body).not.toContain(idp.clientSecret);

      // An admin reads it (to help people sign in), with the redirect URI to register; no secret.
      const read = await call(t, 'GET', '/settings/sso', admin.access_token);
      expect(read.statusCode).toBe(200);
      expect(read.json<SsoSettings>().redirect_uri).toBe(REDIRECT_URI);
      expect(read.body).not.toContain(idp.clientSecret);

      // An edit without the secret keeps the stored one (sign-in below still works with it).
      const renamed = await call(t, 'PUT', '/settings/sso', owner.access_token, { ...settings(), client_secret: '', provider_name: 'Acme Login' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().provider_name).toBe('Acme Login');
    });

    it('refuses a domain another organisation holds verified (tests/server/domain-claims.test.ts has the rest)', async () => {
      const other = await newOrganisation(t, 'Other Org');
      const taken = await call(t, 'PUT', '/settings/sso', other.access_token, settings());
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ code: 'DOMAIN_TAKEN', detail: DOMAIN_TEXTS.takenByAnother(domain) });
    });

    it('tells the sign-in screen which domains have it, and nothing for others', async () => {
      const yes = await t.app.inject({ method: 'GET', url: `${API}/auth/sso/lookup?email=someone@${domain}` });
      expect(yes.json()).toEqual({ sso: { provider_name: 'Acme Login', organization_name: 'Acme Marketing' } });
      const no = await t.app.inject({ method: 'GET', url: `${API}/auth/sso/lookup?email=someone@elsewhere.example.org` });
      expect(no.json()).toEqual({ sso: null });
    });
  });

  describe('signing in', () => {
    it('redirects to the provider with PKCE (S256), state and nonce, and a browser-binding cookie', async () => {
      const start = await t.app.inject({ method: 'GET', url: `${API}/auth/sso/start?email=new@${domain}` });
      expect(start.statusCode).toBe(302);
      const url = new URL(String(start.headers.location));
      expect(url.origin).toBe(idp.issuer);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('state')).toBeTruthy();
      expect(url.searchParams.get('nonce')).toBeTruthy();
      expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
      expect(url.searchParams.get('client_id')).toBe(idp.clientId);
      expect(String(start.headers['set-cookie'])).toMatch(/^mosaic_sso=[\w-]+; Path=\/api\/v1\/auth\/sso; Max-Age=600; HttpOnly; SameSite=Lax$/);
    });

    it('lets a first-time person of the domain join the organisation as a member and sign in', async () => {
      const email = `newcomer@${domain}`;
      idp.accounts.set(email, { email, email_verified: true, name: 'Nia Newcomer' });
      const { landing, cookie } = await signIn(email);
      expect(landing.pathname).toBe('/login/sso');
      const handoff = landing.searchParams.get('handoff')!;
      expect(handoff).toBeTruthy();

      const answer = await complete(handoff, cookie);
      expect(answer.statusCode).toBe(200);
      const session = answer.json<SsoCompleteAnswer>();
      expect(session.user).toMatchObject({ email, name: 'Nia Newcomer', role: 'org_member', org_id: owner.user.org_id });
      expect(session.redirect).toBe('/agents');
      const me = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: authHeaders(session.access_token) });
      expect(me.json()).toMatchObject({ email, role: 'org_member' });

      const [audited] = await t.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'auth.sso_sign_in'), eq(auditEvents.actorEmail, email)));
      expect(audited?.details).toMatchObject({ joined: true, issuer: idp.issuer });

      // The hand-over works once, and only in the browser that started.
      expect((await complete(handoff, cookie)).json().code).toBe('SSO_LINK_EXPIRED');
    });

    it('signs an existing account of the organisation in as itself, found by email then by subject', async () => {
      idp.accounts.set('ada', { email: owner.email, email_verified: true });
      for (let round = 0; round < 2; round += 1) {
        const { landing, cookie } = await signIn(owner.email, 'ada');
        const session = (await complete(landing.searchParams.get('handoff')!, cookie)).json<SsoCompleteAnswer>();
        expect(session.user.id).toBe(owner.user.id);
        expect(session.user.role).toBe('org_owner');
      }
    });

    it('refuses an address the provider has not verified, for a new and an existing account', async () => {
      idp.accounts.set('unverified', { email: `unverified@${domain}`, email_verified: false });
      expect((await signIn(`unverified@${domain}`, 'unverified')).landing.searchParams.get('error')).toBe('SSO_EMAIL_NOT_VERIFIED');
      idp.accounts.set('mo', { email: member.email, email_verified: false });
      expect((await signIn(member.email, 'mo')).landing.searchParams.get('error')).toBe('SSO_EMAIL_NOT_VERIFIED');
      const [row] = await t.deps.db.select().from(users).where(sql`lower(${users.email}) = ${`unverified@${domain}`}`);
      expect(row).toBeUndefined();
    });

    it('refuses an account whose address is outside the allowed domain', async () => {
      idp.accounts.set('outsider', { email: 'outsider@elsewhere.example.org', email_verified: true });
      const { landing } = await signIn(`someone@${domain}`, 'outsider');
      expect(landing.searchParams.get('error')).toBe('SSO_DOMAIN_NOT_ALLOWED');
      const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'outsider@elsewhere.example.org'));
      expect(row).toBeUndefined();
    });

    it('refuses an address whose account belongs to another organisation', async () => {
      const elsewhere = await registerOwner(t.app, { email: `founder@${domain}`, org_name: 'Side Project' });
      idp.accounts.set('founder', { email: elsewhere.email, email_verified: true });
      expect((await signIn(elsewhere.email, 'founder')).landing.searchParams.get('error')).toBe('SSO_ACCOUNT_ELSEWHERE');
    });

    it('tells a suspended account so', async () => {
      const email = `suspended@${domain}`;
      idp.accounts.set(email, { email, email_verified: true });
      const first = await signIn(email);
      expect((await complete(first.landing.searchParams.get('handoff')!, first.cookie)).statusCode).toBe(200);
      await t.deps.db.update(users).set({ disabled: true }).where(eq(users.email, email));
      expect((await signIn(email)).landing.searchParams.get('error')).toBe('ACCOUNT_SUSPENDED');
    });

    it('says so when the domain has no single sign-on', async () => {
      const start = await t.app.inject({ method: 'GET', url: `${API}/auth/sso/start?email=someone@nosso.example.org` });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/login/sso?error=SSO_NOT_CONFIGURED&email=someone%40nosso.example.org');
    });
  });

  describe('a callback that must not sign anyone in', () => {
    it('refuses a forged state, a missing cookie and a replayed callback', async () => {
      const email = `replay@${domain}`;
      idp.accounts.set(email, { email, email_verified: true });
      const start = await t.app.inject({ method: 'GET', url: `${API}/auth/sso/start?email=${encodeURIComponent(email)}` });
      const cookie = String(start.headers['set-cookie']).split(';')[0]!;
      const back = await idp.signInThroughPages(String(start.headers.location), email);
      const callbackAt = (search: string, headers: Record<string, string> = { cookie }) =>
        t.app.inject({ method: 'GET', url: `${API}/auth/sso/callback${search}`, headers });
      const errorOf = (response: { headers: Record<string, unknown> }) => new URL(String(response.headers.location), PUBLIC_URL).searchParams.get('error');

      const forged = new URLSearchParams(back.search);
      forged.set('state', 'not-the-state');
      expect(errorOf(await callbackAt(`?${forged}`))).toBe('SSO_LINK_EXPIRED');

      // Another browser (no cookie) cannot finish it, and the state is spent by trying.
      expect(errorOf(await callbackAt(back.search, {}))).toBe('SSO_LINK_EXPIRED');
      expect(errorOf(await callbackAt(back.search))).toBe('SSO_LINK_EXPIRED');
    });

    it('refuses a code that was already exchanged (the provider says no)', async () => {
      const email = `twice@${domain}`;
      idp.accounts.set(email, { email, email_verified: true });
      const first = await signIn(email);
      expect(first.landing.searchParams.get('handoff')).toBeTruthy();
      // A fresh attempt, answered with the first attempt's (used) code.
      const start = await t.app.inject({ method: 'GET', url: `${API}/auth/sso/start?email=${encodeURIComponent(email)}` });
      const cookie = String(start.headers['set-cookie']).split(';')[0]!;
      const state = new URL(String(start.headers.location)).searchParams.get('state')!;
      const replayed = new URLSearchParams(first.back.search);
      replayed.set('state', state);
      const callback = await t.app.inject({ method: 'GET', url: `${API}/auth/sso/callback?${replayed}`, headers: { cookie } });
      expect(new URL(String(callback.headers.location), PUBLIC_URL).searchParams.get('error')).toBe('SSO_SIGN_IN_FAILED');
    });

    it('refuses a hand-over code from another browser', async () => {
      const email = `handover@${domain}`;
      idp.accounts.set(email, { email, email_verified: true });
      const { landing } = await signIn(email);
      const stolen = await complete(landing.searchParams.get('handoff')!, 'mosaic_sso=someone-elses');
      expect(stolen.statusCode).toBe(401);
      expect(stolen.json().code).toBe('SSO_LINK_EXPIRED');
    });

    it('passes on a refusal at the provider', async () => {
      const start = await t.app.inject({ method: 'GET', url: `${API}/auth/sso/start?email=someone@${domain}` });
      const cookie = String(start.headers['set-cookie']).split(';')[0]!;
      const state = new URL(String(start.headers.location)).searchParams.get('state')!;
      const refused = await t.app.inject({
        method: 'GET',
        url: `${API}/auth/sso/callback?error=access_denied&state=${encodeURIComponent(state)}`,
        headers: { cookie },
      });
      expect(new URL(String(refused.headers.location), PUBLIC_URL).searchParams.get('error')).toBe('SSO_PROVIDER_REFUSED');
    });
  });

  it('never writes the client secret to the log', () => {
    expect(t.logs.join('\n')).not.toContain(idp.clientSecret);
  });
});
