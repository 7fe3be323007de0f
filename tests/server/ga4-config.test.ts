import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';
import { startFakeGoogle, type FakeGoogle } from '../helpers/fake-google';
import { openTestDatabase } from '../helpers/server-database';
import { createTestApp, registerOwner, testEngine, type RegisteredOwner } from '../helpers/server';
import { accountsOf, connectGoogle, ga4Call, startConnection } from './ga4-helpers';

const KEY_A = 'first-ga4-token-key-0123456789abcdef';
const KEY_B = 'other-ga4-token-key-0123456789abcdef';

describe(`GA4 configuration (${testEngine})`, () => {
  let fake: FakeGoogle;

  beforeAll(async () => {
    fake = await startFakeGoogle();
    fake.accounts = [{ name: 'Acme GA', properties: [{ id: '111', displayName: 'Acme Web' }] }];
  });
  afterAll(async () => fake.close());

  it('uses Google only when both the client id and secret are set', () => {
    expect(loadConfig({}).ga4.googleClient).toBeUndefined();
    expect(loadConfig({ GOOGLE_OAUTH_CLIENT_ID: 'id' }).ga4.googleClient).toBeUndefined();
    expect(loadConfig({ GOOGLE_OAUTH_CLIENT_ID: 'id', GOOGLE_OAUTH_CLIENT_SECRET: 's' }).ga4.googleClient).toEqual({ clientId: 'id', clientSecret: 's' });
  });

  it('refuses a short token key and malformed URLs with clear messages', () => {
    expect(() => loadConfig({ GA4_TOKEN_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ GA4_TOKEN_KEY: 'short' })).toThrow('GA4_TOKEN_KEY must be at least 32 characters');
    expect(() => loadConfig({ GOOGLE_OAUTH_REDIRECT_URL: 'not a url' })).toThrow('GOOGLE_OAUTH_REDIRECT_URL must be an http(s) URL');
  });

  it('builds the redirect URI from PUBLIC_URL and sends the browser back there', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://mosaic.example.com/' } });
    try {
      const owner = await registerOwner(t.app);
      const target = await startConnection(t, owner, owner.defaultSpace.id);
      expect(`${target.origin}${target.pathname}`).toBe('https://mosaic.example.com/api/v1/integrations/ga4/oauth/callback');
      const response = await t.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
      expect(response.headers.location).toBe('https://mosaic.example.com/connections/ga4/manage?connected=1');
    } finally {
      await t.close();
    }
  });

  it('GOOGLE_OAUTH_REDIRECT_URL is sent to Google as it is', async () => {
    const t = await createTestApp({ env: { ...fake.env, GOOGLE_OAUTH_REDIRECT_URL: 'https://app.example.com/api/v1/integrations/ga4/oauth/callback' } });
    try {
      const owner = await registerOwner(t.app);
      const url = await startConnection(t, owner, owner.defaultSpace.id);
      expect(url.searchParams.get('redirect_uri')).toBe('https://app.example.com/api/v1/integrations/ga4/oauth/callback');
    } finally {
      await t.close();
    }
  });

  it('tokens sealed with another GA4_TOKEN_KEY cannot be used: the account asks to reconnect', async () => {
    const fresh = await openTestDatabase();
    let owner: RegisteredOwner;
    const first = await createTestApp({ env: { ...fake.env, GA4_TOKEN_KEY: KEY_A }, database: fresh.database });
    try {
      owner = await registerOwner(first.app);
      await connectGoogle(first, fake, owner, owner.defaultSpace.id, { sub: '77', email: 'keys@gmail.example' });
      const accountId = (await accountsOf(first, owner, owner.defaultSpace.id))[0]!.id;
      expect((await ga4Call(first, owner, owner.defaultSpace.id, 'GET', `/properties?account_id=${accountId}`)).statusCode).toBe(200);
    } finally {
      await first.close();
    }
    const second = await createTestApp({ env: { ...fake.env, GA4_TOKEN_KEY: KEY_B }, database: fresh.database });
    try {
      const response = await ga4Call(second, owner, owner.defaultSpace.id, 'GET', '/properties');
      expect(response.json()).toMatchObject({ properties: [], accounts: [{ auth_error: 'REFRESH_TOKEN_EXPIRED' }] });
      expect((await ga4Call(second, owner, owner.defaultSpace.id, 'GET', '/auth/status')).json()).toMatchObject({ status: 'auth_expired' });
    } finally {
      await second.close();
      await fresh.dispose();
    }
  });
});
