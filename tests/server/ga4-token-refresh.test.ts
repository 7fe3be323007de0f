/**
 * Google access tokens expire hourly. These tests pin down the refresh: a refresh token Google
 * rotates is stored (the next refresh uses the new one), and reports arriving together on an
 * expired token share one refresh (none fails), within one app and across two app instances on
 * one database (two processes).
 *
 * Google is the local stand-in (tests/helpers/fake-google.ts) with rotation on: each refresh token
 * works once, so a second refresh with the same one would fail like it does at Google.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ga4ReportResponse } from '../../src/contract/ga4';
import { openDatabase, type Database } from '../../server/src/db/database';
import { ga4Accounts } from '../../server/src/db/schema/index';
import { startFakeGoogle, type FakeGoogle } from '../helpers/fake-google';
import { createTestApp, registerOwner, testEngine, type RegisteredOwner, type TestApp } from '../helpers/server';
import { createTestDatabaseTarget } from '../helpers/server-database';
import { until } from '../helpers/wait-until';
import { accountsOf, connectGoogle, ga4Call, GA4 } from './ga4-helpers';

const ADA = { sub: '99887766', email: 'ada@gmail.example' };
const report = (metric: string) => ({ property_id: '333', metrics: [metric], start_date: '2025-01-01', end_date: '2025-01-28' });


/** Each case starts its own app instances and connects Google: a bound for a loaded 2-core machine, not an expectation. */
const SET_UP_BOUND_MS = 90_000;

const refreshRequests = (fake: FakeGoogle) => fake.tokenRequests.filter((request) => request.grant_type === 'refresh_token');
const reportsReceived = (t: TestApp) => t.logs.filter((line) => line.includes('incoming request') && line.includes(`${GA4}/report`)).length;

describe(`GA4 token refresh (${testEngine})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /**
   * A connected Google account with property 333 linked, on `apps` app instances sharing one
   * database: the same Database object on PGlite (one process can open it), separate connection
   * pools on PostgreSQL (as separate processes would have).
   */
  async function setUp(apps: 1 | 2): Promise<{ fake: FakeGoogle; t: TestApp[]; owner: RegisteredOwner; accountId: string; database: Database }> {
    const fake = await startFakeGoogle();
    fake.accounts = [{ name: 'Side GA', properties: [{ id: '333', displayName: 'Side Project' }] }];
    const target = await createTestDatabaseTarget();
    const database = await openDatabase(target.target);
    await database.migrate();
    const second = apps === 2 && target.target.kind === 'postgres' ? await openDatabase(target.target) : database;
    cleanups.push(async () => {
      await fake.close();
      if (second !== database) await second.close();
      await database.close();
      await target.dispose();
    });
    const t: TestApp[] = [];
    for (const db of apps === 2 ? [database, second] : [database]) {
      const app = await createTestApp({ database: db, env: fake.env, captureLogs: true });
      cleanups.push(() => app.close());
      t.push(app);
    }
    const owner = await registerOwner(t[0]!.app);
    await connectGoogle(t[0]!, fake, owner, owner.defaultSpace.id, ADA);
    const accountId = (await accountsOf(t[0]!, owner, owner.defaultSpace.id))[0]!.id;
    const linked = await ga4Call(t[0]!, owner, owner.defaultSpace.id, 'POST', '/link', {
      google_oauth_account_id: accountId,
      ga4_property_id: '333',
      ga4_property_display_name: 'Side Project',
    });
    expect(linked.statusCode).toBe(201);
    return { fake, t, owner, accountId, database };
  }

  const expireAccessToken = (database: Database, accountId: string) =>
    database.db.update(ga4Accounts).set({ tokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(ga4Accounts.id, accountId));

  it('stores the refresh token Google rotates, so the next refresh works with it', async () => {
    const { fake, t, owner, accountId, database } = await setUp(1);
    fake.behave({ rotateRefreshTokens: true });
    const original = fake.issuedRefreshTokens.at(-1)!;

    await expireAccessToken(database, accountId);
    expect((await ga4Call(t[0]!, owner, owner.defaultSpace.id, 'POST', '/report', report('sessions'))).statusCode).toBe(200);
    expect(refreshRequests(fake).map((request) => request.refresh_token)).toEqual([original]);
    const rotated = fake.issuedRefreshTokens.at(-1)!;
    expect(rotated).not.toBe(original);
    expect(fake.isLive(original)).toBe(false);

    await expireAccessToken(database, accountId);
    expect((await ga4Call(t[0]!, owner, owner.defaultSpace.id, 'POST', '/report', report('sessions'))).statusCode).toBe(200);
    expect(refreshRequests(fake).map((request) => request.refresh_token)).toEqual([original, rotated]);
    expect((await accountsOf(t[0]!, owner, owner.defaultSpace.id))[0]!.auth_error).toBeNull();
  }, SET_UP_BOUND_MS);

  it.each([
    ['one app', 1, [0, 0, 0]],
    ['two app instances on one database', 2, [0, 1, 1]],
  ] as const)('three reports arriving together on an expired token (%s) share one refresh, and all succeed', async (_, apps, route) => {
    const { fake, t, owner, accountId, database } = await setUp(apps);
    fake.behave({ rotateRefreshTokens: true, holdRefreshes: true });
    await expireAccessToken(database, accountId);
    const received = t.map(reportsReceived);

    const answers = Promise.all(
      ['sessions', 'totalUsers', 'screenPageViews'].map((metric, index) =>
        ga4Call(t[route[index]!]!, owner, owner.defaultSpace.id, 'POST', '/report', report(metric)),
      ),
    );
    // Google holds the first refresh until all three requests have reached the servers.
    await until('the three report requests arriving', () => t.every((app, index) => reportsReceived(app) - received[index]! === route.filter((r) => r === index).length));
    await until('a refresh reaching Google', () => fake.heldRefreshCount() >= 1);
    fake.behave({ rotateRefreshTokens: true });

    const responses = await answers;
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(responses.map((response) => Object.keys(response.json<Ga4ReportResponse>().totals))).toEqual([['sessions'], ['totalUsers'], ['screenPageViews']]);
    expect(refreshRequests(fake)).toHaveLength(1);
    // Every report went to Google with the one new access token.
    const fresh = `Bearer ${fake.issuedAccessTokens.at(-1)}`;
    expect(fake.reportRequests.slice(-3).map((request) => request.authorization)).toEqual([fresh, fresh, fresh]);
    expect((await accountsOf(t[0]!, owner, owner.defaultSpace.id))[0]!.auth_error).toBeNull();
  }, SET_UP_BOUND_MS);
});
