import { describe, expect, it } from 'vitest';
import { ga4Accounts } from '../../server/src/db/schema/index';
import { resolveGa4Keys } from '../../server/src/services/ga4/ga4-keys';
import { signOAuthState } from '../../server/src/services/ga4/oauth-state';
import { FAKE_CLIENT_ID, startFakeGoogle } from '../helpers/fake-google';
import { registerOwner, testEngine } from '../helpers/server';
import { appForSuite, startedForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { GA4, accountsOf, callback, connectGoogle, ga4Call, startConnection } from './ga4-helpers';

const ADA = { sub: '1122334455', email: 'ada@gmail.example' };

describe(`GA4 Google OAuth flow (${testEngine})`, () => {
  const fake = startedForSuite(() => startFakeGoogle());
  const t = appForSuite(() => ({ env: fake.env }));
  const owner = preparedForSuite(() => registerOwner(t.app));

  it('start answers Google’s authorisation URL with client id, scopes, offline access and a signed state', async () => {
    const url = await startConnection(t, owner, owner.defaultSpace.id);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/o/oauth2/v2/auth`);
    expect(url.searchParams.get('client_id')).toBe(FAKE_CLIENT_ID);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['https://www.googleapis.com/auth/analytics.readonly', 'openid', 'email']),
    );
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/v1\/integrations\/ga4\/oauth\/callback$/);
    expect(url.searchParams.get('state')?.split('.')).toHaveLength(3);
  });

  it('the callback exchanges the code, stores the account with encrypted tokens and redirects to the manage screen', async () => {
    const response = await connectGoogle(t, fake, owner, owner.defaultSpace.id, ADA);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/connections/ga4/manage?connected=1');

    const exchange = fake.tokenRequests.find((request) => request.grant_type === 'authorization_code');
    expect(exchange?.redirect_uri).toMatch(/\/api\/v1\/integrations\/ga4\/oauth\/callback$/);

    const accounts = await accountsOf(t, owner, owner.defaultSpace.id);
    expect(accounts).toEqual([
      expect.objectContaining({ email: ADA.email, google_user_id: ADA.sub, is_demo: false, auth_error: null }),
    ]);
    expect(accounts[0]!.scopes).toContain('https://www.googleapis.com/auth/analytics.readonly');

    const rows = await t.database.db.select().from(ga4Accounts);
    const stored = JSON.stringify(rows);
    for (const token of [...fake.issuedAccessTokens, ...fake.issuedRefreshTokens]) expect(stored).not.toContain(token);
    expect(rows[0]!.accessTokenEncrypted).toBeTruthy();
    expect(rows[0]!.refreshTokenEncrypted).toBeTruthy();
  });

  it('connecting the same Google user again updates the one account', async () => {
    const response = await connectGoogle(t, fake, owner, owner.defaultSpace.id, ADA);
    expect(response.headers.location).toBe('/connections/ga4/manage?connected=1');
    expect(await accountsOf(t, owner, owner.defaultSpace.id)).toHaveLength(1);
  });

  it('a consent without the Analytics scope is stored flagged and reported as insufficient_scope', async () => {
    const response = await connectGoogle(t, fake, owner, owner.defaultSpace.id, { sub: '999', email: 'narrow@gmail.example', scopes: 'openid email' });
    expect(response.headers.location).toBe('/connections/ga4/manage?error=insufficient_scope');
    const narrow = (await accountsOf(t, owner, owner.defaultSpace.id)).find((account) => account.google_user_id === '999');
    expect(narrow?.auth_error).toBe('GA4_INSUFFICIENT_SCOPE');
    await ga4Call(t, owner, owner.defaultSpace.id, 'DELETE', `/accounts/${narrow!.id}`);
  });

  it('a tampered state is refused and nothing is stored', async () => {
    const url = await startConnection(t, owner, owner.defaultSpace.id);
    const [header, payload, signature] = (url.searchParams.get('state') ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    const before = fake.tokenRequests.length;
    const response = await callback(t, { code: fake.issueCode({ sub: '42', email: 'x@gmail.example' }), state: `${header}.${forged}.${signature}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/connections/ga4/manage?error=invalid_state');
    expect(fake.tokenRequests.length).toBe(before);
  });

  it('an expired state (older than 10 minutes) is refused', async () => {
    const keys = await resolveGa4Keys(t.database.db, t.config);
    const state = await signOAuthState(
      keys.stateKey,
      { userId: owner.user.id, orgId: owner.user.org_id!, spaceId: owner.defaultSpace.id, provider: 'google', redirectUri: 'http://localhost/cb' },
      Date.now() - 11 * 60_000,
    );
    const response = await callback(t, { code: fake.issueCode({ sub: '43', email: 'y@gmail.example' }), state });
    expect(response.headers.location).toBe('/connections/ga4/manage?error=expired_state');
  });

  it('a missing state and a refused consent come back as errors', async () => {
    expect((await callback(t, { code: 'x' })).headers.location).toBe('/connections/ga4/manage?error=invalid_state');
    const url = await startConnection(t, owner, owner.defaultSpace.id);
    const denied = await callback(t, { error: 'access_denied', state: url.searchParams.get('state') ?? '' });
    expect(denied.headers.location).toBe('/connections/ga4/manage?error=access_denied');
  });

  it('a code Google does not accept is reported as exchange_failed', async () => {
    const url = await startConnection(t, owner, owner.defaultSpace.id);
    const response = await callback(t, { code: 'not-a-real-code', state: url.searchParams.get('state') ?? '' });
    expect(response.headers.location).toBe('/connections/ga4/manage?error=exchange_failed');
  });

  it('the GA4 calls need a Mosaic session and a space', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${GA4}/accounts` })).statusCode).toBe(401);
    const noSpace = await t.app.inject({ method: 'GET', url: `${GA4}/accounts`, headers: { authorization: `Bearer ${owner.access_token}` } });
    expect(noSpace.statusCode).toBe(400);
  });
});
