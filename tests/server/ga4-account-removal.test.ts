import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ga4Accounts } from '../../server/src/db/schema/index';
import { startFakeGoogle, type FakeGoogle, type FakeGoogleUser } from '../helpers/fake-google';
import { openTestDatabase } from '../helpers/server-database';
import { createTestApp, registerOwner, testEngine, type RegisteredOwner, type TestApp } from '../helpers/server';
import { accountsOf, connectDemo, connectGoogle, ga4Call } from './ga4-helpers';

const PERMISSIONS_NOTE = 'Its access could not be revoked at Google; you can remove Mosaic at https://myaccount.google.com/permissions';

describe(`GA4 account removal revokes the Google grant (${testEngine})`, () => {
  let t: TestApp;
  let fake: FakeGoogle;
  let owner: RegisteredOwner;
  let userCount = 0;
  const space = () => owner.defaultSpace.id;
  const remove = (accountId: string) => ga4Call(t, owner, space(), 'DELETE', `/accounts/${accountId}`);

  /** Connects a new Google user; returns the account id and the refresh token Google issued for it. */
  async function connectNew(): Promise<{ accountId: string; refreshToken: string; user: FakeGoogleUser }> {
    userCount += 1;
    const user = { sub: `sub-${userCount}`, email: `user${userCount}@gmail.example` };
    await connectGoogle(t, fake, owner, space(), user);
    const account = (await accountsOf(t, owner, space())).find((candidate) => candidate.google_user_id === user.sub);
    return { accountId: account!.id, refreshToken: fake.issuedRefreshTokens.at(-1)!, user };
  }

  beforeAll(async () => {
    fake = await startFakeGoogle();
    fake.accounts = [{ name: 'Acme GA', properties: [{ id: '111', displayName: 'Acme Web' }] }];
    t = await createTestApp({ env: fake.env, captureLogs: true });
    owner = await registerOwner(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.behave({});
    fake.revokedTokens.length = 0;
  });

  it('revokes the refresh token at Google, then removes the account and its links', async () => {
    const { accountId, refreshToken } = await connectNew();
    const link = await ga4Call(t, owner, space(), 'POST', '/link', { google_oauth_account_id: accountId, ga4_property_id: '111', ga4_property_display_name: 'Acme Web' });
    expect(link.statusCode).toBe(201);

    const response = await remove(accountId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'GA4 account removed and 1 linked property unlinked' });
    expect(fake.revokedTokens).toEqual([refreshToken]);
    expect(fake.isLive(refreshToken)).toBe(false);
    expect(fake.isLive(fake.issuedAccessTokens.at(-1)!)).toBe(false);
    expect(await accountsOf(t, owner, space())).toEqual([]);
    expect((await ga4Call(t, owner, space(), 'GET', '/linked-properties')).json()).toEqual({ linked_properties: [] });
  });

  it('revokes the access token when no refresh token is stored', async () => {
    const { accountId, refreshToken } = await connectNew();
    await t.database.db.update(ga4Accounts).set({ refreshTokenEncrypted: null }).where(eq(ga4Accounts.id, accountId));
    const accessToken = fake.issuedAccessTokens.at(-1)!;

    const response = await remove(accountId);
    expect(response.json()).toEqual({ message: 'GA4 account removed' });
    expect(fake.revokedTokens).toEqual([accessToken]);
    expect(fake.isLive(refreshToken)).toBe(false);
  });

  it('a grant Google already revoked counts as revoked', async () => {
    const { accountId, refreshToken } = await connectNew();
    fake.revokeRefreshTokens();

    const response = await remove(accountId);
    expect(response.json()).toEqual({ message: 'GA4 account removed' });
    expect(fake.revokedTokens).toEqual([refreshToken]);
  });

  it('a failing revocation still removes the account, says how to revoke, and logs without the token', async () => {
    const { accountId, refreshToken } = await connectNew();
    fake.behave({ revokeFailure: 'unavailable' });
    const logsBefore = t.logs.length;

    const response = await remove(accountId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: `GA4 account removed. ${PERMISSIONS_NOTE}` });
    expect(fake.revokedTokens).toEqual([refreshToken]);
    expect(fake.isLive(refreshToken)).toBe(true);
    expect(await accountsOf(t, owner, space())).toEqual([]);

    const logged = t.logs.slice(logsBefore).join('\n');
    expect(logged).toContain('GA4 grant could not be revoked at Google');
    expect(logged).toContain('HTTP 503');
    for (const token of [...fake.issuedRefreshTokens, ...fake.issuedAccessTokens]) expect(logged).not.toContain(token);
  });

  it('an account of someone else is neither revoked nor removed', async () => {
    const { accountId } = await connectNew();
    const stranger = await registerOwner(t.app);
    expect((await ga4Call(t, stranger, stranger.defaultSpace.id, 'DELETE', `/accounts/${accountId}`)).statusCode).toBe(404);
    expect(fake.revokedTokens).toEqual([]);
    expect((await accountsOf(t, owner, space())).map((account) => account.id)).toContain(accountId);
    await remove(accountId);
  });
});

describe(`GA4 account removal when Google cannot help (${testEngine})`, () => {
  let fake: FakeGoogle;

  beforeAll(async () => {
    fake = await startFakeGoogle();
  });
  afterAll(async () => fake.close());

  it('an unreachable revocation endpoint does not block the removal', async () => {
    const t = await createTestApp({ env: { ...fake.env, GOOGLE_OAUTH_REVOKE_URL: 'http://127.0.0.1:1/revoke' } });
    try {
      const owner = await registerOwner(t.app);
      await connectGoogle(t, fake, owner, owner.defaultSpace.id, { sub: 'unreachable', email: 'unreachable@gmail.example' });
      const [account] = await accountsOf(t, owner, owner.defaultSpace.id);
      const response = await ga4Call(t, owner, owner.defaultSpace.id, 'DELETE', `/accounts/${account!.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: `GA4 account removed. ${PERMISSIONS_NOTE}` });
      expect(await accountsOf(t, owner, owner.defaultSpace.id)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a Google account can still be removed after the server’s Google client was removed', async () => {
    const fresh = await openTestDatabase();
    let owner: RegisteredOwner;
    const withGoogle = await createTestApp({ env: fake.env, database: fresh.database });
    try {
      owner = await registerOwner(withGoogle.app);
      await connectGoogle(withGoogle, fake, owner, owner.defaultSpace.id, { sub: 'orphan', email: 'orphan@gmail.example' });
    } finally {
      await withGoogle.close();
    }
    fake.revokedTokens.length = 0;
    const withoutClient = await createTestApp({ env: { GOOGLE_OAUTH_REVOKE_URL: fake.env.GOOGLE_OAUTH_REVOKE_URL! }, database: fresh.database });
    try {
      const [account] = await accountsOf(withoutClient, owner, owner.defaultSpace.id);
      const response = await ga4Call(withoutClient, owner, owner.defaultSpace.id, 'DELETE', `/accounts/${account!.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: `GA4 account removed. ${PERMISSIONS_NOTE}` });
      expect(fake.revokedTokens).toEqual([]);
      expect(await accountsOf(withoutClient, owner, owner.defaultSpace.id)).toEqual([]);
    } finally {
      await withoutClient.close();
      await fresh.dispose();
    }
  });

  it('removing a demo account makes no call to Google, also once Google is configured', async () => {
    const fresh = await openTestDatabase();
    let owner: RegisteredOwner;
    const demoOnly = await createTestApp({ database: fresh.database });
    try {
      owner = await registerOwner(demoOnly.app);
      await connectDemo(demoOnly, owner, owner.defaultSpace.id);
    } finally {
      await demoOnly.close();
    }
    const withGoogle = await createTestApp({ env: fake.env, database: fresh.database });
    try {
      const [account] = await accountsOf(withGoogle, owner, owner.defaultSpace.id);
      expect(account?.is_demo).toBe(true);
      fake.revokedTokens.length = 0;
      const response = await ga4Call(withGoogle, owner, owner.defaultSpace.id, 'DELETE', `/accounts/${account!.id}`);
      expect(response.json()).toEqual({ message: 'GA4 account removed' });
      expect(fake.revokedTokens).toEqual([]);
      expect(await accountsOf(withGoogle, owner, owner.defaultSpace.id)).toEqual([]);
    } finally {
      await withGoogle.close();
      await fresh.dispose();
    }
  });
});
