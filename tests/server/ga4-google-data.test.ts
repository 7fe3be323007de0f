import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ga4AuthStatus, Ga4PropertiesResponse, Ga4ReportResponse } from '../../src/contract/ga4';
import { ga4Accounts } from '../../server/src/db/schema/index';
import { startFakeGoogle, type FakeGoogle } from '../helpers/fake-google';
import { createTestApp, registerOwner, testEngine, type RegisteredOwner, type TestApp } from '../helpers/server';
import { accountsOf, connectGoogle, ga4Call } from './ga4-helpers';

const ADA = { sub: '1122334455', email: 'ada@gmail.example' };
const REPORT = {
  property_id: '333',
  metrics: ['sessions', 'bounceRate'],
  dimensions: ['date'],
  start_date: '2025-01-01',
  end_date: '2025-01-28',
  order_bys: [{ dimension: 'date', desc: false }, { metric: 'sessions', desc: true }],
  limit: 2,
};

describe(`GA4 on Google's APIs (${testEngine})`, () => {
  let t: TestApp;
  let fake: FakeGoogle;
  let owner: RegisteredOwner;
  let accountId: string;
  const space = () => owner.defaultSpace.id;
  const status = async () => (await ga4Call(t, owner, space(), 'GET', '/auth/status')).json<Ga4AuthStatus>();

  beforeAll(async () => {
    fake = await startFakeGoogle();
    fake.accounts = [
      { name: 'Acme GA', properties: [{ id: '111', displayName: 'Acme Web' }, { id: '222', displayName: 'Acme App' }] },
      { name: 'Side GA', properties: [{ id: '333', displayName: 'Side Project' }] },
      { name: 'Empty GA', properties: [] },
    ];
    t = await createTestApp({ env: fake.env });
    owner = await registerOwner(t.app);
    await connectGoogle(t, fake, owner, space(), ADA);
    accountId = (await accountsOf(t, owner, space()))[0]!.id;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.behave({}));

  it('lists properties across every page of accountSummaries with the access token', async () => {
    fake.adminRequests.length = 0;
    const response = await ga4Call(t, owner, space(), 'GET', `/properties?account_id=${accountId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<Ga4PropertiesResponse>();
    expect(body.properties).toEqual([
      { property_id: '111', display_name: 'Acme Web', account_id: accountId, ga4_account_name: 'Acme GA' },
      { property_id: '222', display_name: 'Acme App', account_id: accountId, ga4_account_name: 'Acme GA' },
      { property_id: '333', display_name: 'Side Project', account_id: accountId, ga4_account_name: 'Side GA' },
    ]);
    expect(body.accounts.map((account) => account.id)).toEqual([accountId]);
    expect(fake.adminRequests.length).toBe(3);
    expect(fake.adminRequests[1]!.url).toContain('pageToken=1');
    expect(fake.adminRequests[0]!.authorization).toBe(`Bearer ${fake.issuedAccessTokens.at(-1)}`);
  });

  it('links a property the account can read, and refuses one it cannot', async () => {
    const linked = await ga4Call(t, owner, space(), 'POST', '/link', {
      google_oauth_account_id: accountId,
      ga4_property_id: '333',
      ga4_property_display_name: 'Side Project',
    });
    expect(linked.statusCode).toBe(201);
    const unknown = await ga4Call(t, owner, space(), 'POST', '/link', {
      google_oauth_account_id: accountId,
      ga4_property_id: '987654',
      ga4_property_display_name: 'Not mine',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('maps a report request to runReport and the answer back to our shape', async () => {
    fake.reportRequests.length = 0;
    const response = await ga4Call(t, owner, space(), 'POST', '/report', REPORT);
    expect(response.statusCode).toBe(200);
    expect(fake.reportRequests[0]!.propertyId).toBe('333');
    expect(fake.reportRequests[0]!.body).toEqual({
      dateRanges: [{ startDate: '2025-01-01', endDate: '2025-01-28' }],
      metrics: [{ name: 'sessions' }, { name: 'bounceRate' }],
      dimensions: [{ name: 'date' }],
      orderBys: [{ dimension: { dimensionName: 'date' }, desc: false }, { metric: { metricName: 'sessions' }, desc: true }],
      limit: '2',
      metricAggregations: ['TOTAL'],
    });
    expect(response.json<Ga4ReportResponse>()).toEqual({
      property_id: '333',
      property_name: 'Side Project',
      row_count: 3,
      totals: { sessions: 999, bounceRate: 0.41 },
      rows: [
        { date: '2025-01-01', sessions: 108, bounceRate: 0.4 },
        { date: '2025-01-02', sessions: 208, bounceRate: 0.41 },
      ],
      is_demo: false,
    });
  });

  it('asks GA4 for a comparison range as a second named dateRange, and answers its totals apart from the rows', async () => {
    fake.reportRequests.length = 0;
    const response = await ga4Call(t, owner, space(), 'POST', '/report', {
      property_id: '333',
      metrics: ['sessions', 'bounceRate'],
      dimensions: [],
      start_date: '2025-01-29',
      end_date: '2025-02-25',
      compare_start_date: '2025-01-01',
      compare_end_date: '2025-01-28',
    });
    expect(response.statusCode).toBe(200);
    expect((fake.reportRequests[0]!.body as { dateRanges: unknown }).dateRanges).toEqual([
      { startDate: '2025-01-29', endDate: '2025-02-25', name: 'current' },
      { startDate: '2025-01-01', endDate: '2025-01-28', name: 'previous' },
    ]);
    const answer = response.json<Ga4ReportResponse>();
    expect(answer.totals).toEqual({ sessions: 999, bounceRate: 0.41 });
    expect(answer.compare_totals).toEqual({ sessions: 800, bounceRate: 0.5 });
    // The rows are the main range's only, without GA4's dateRange column.
    expect(answer.rows).toHaveLength(3);
    expect(answer.rows[0]).toEqual({ sessions: 108, bounceRate: 0.4 });
  });

  it('refreshes an access token Google rejects, once, and retries', async () => {
    fake.rejectAccessTokens();
    const refreshesBefore = fake.tokenRequests.filter((request) => request.grant_type === 'refresh_token').length;
    const response = await ga4Call(t, owner, space(), 'POST', '/report', REPORT);
    expect(response.statusCode).toBe(200);
    expect(fake.tokenRequests.filter((request) => request.grant_type === 'refresh_token').length).toBe(refreshesBefore + 1);
    expect(fake.reportRequests.at(-1)!.authorization).toBe(`Bearer ${fake.issuedAccessTokens.at(-1)}`);
  });

  it('refreshes before calling when the stored token has expired', async () => {
    await t.database.db.update(ga4Accounts).set({ tokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(ga4Accounts.id, accountId));
    const issued = fake.issuedAccessTokens.length;
    const response = await ga4Call(t, owner, space(), 'POST', '/report', REPORT);
    expect(response.statusCode).toBe(200);
    expect(fake.issuedAccessTokens.length).toBe(issued + 1);
    const [row] = await t.database.db.select().from(ga4Accounts).where(eq(ga4Accounts.id, accountId));
    expect(row!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3000_000);
  });

  it('insufficient scopes answer 403 GA4_INSUFFICIENT_SCOPE and flag the account; a later success clears it', async () => {
    fake.behave({ reportFailure: 'insufficient_scope' });
    const response = await ga4Call(t, owner, space(), 'POST', '/report', REPORT);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'GA4_INSUFFICIENT_SCOPE', detail: 'Google Analytics permissions need to be updated. Please reconnect your Google account.' });
    expect((await accountsOf(t, owner, space()))[0]!.auth_error).toBe('GA4_INSUFFICIENT_SCOPE');
    expect((await status()).status).toBe('error');

    fake.behave({});
    expect((await ga4Call(t, owner, space(), 'POST', '/report', REPORT)).statusCode).toBe(200);
    expect((await accountsOf(t, owner, space()))[0]!.auth_error).toBeNull();
    expect(await status()).toMatchObject({ status: 'authenticated', has_valid_tokens: true, accounts_count: 1, valid_accounts: 1 });
  });

  it('a property permission problem answers 403 GA4_PERMISSION_DENIED', async () => {
    fake.behave({ reportFailure: 'permission_denied' });
    const response = await ga4Call(t, owner, space(), 'POST', '/report', REPORT);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'GA4_PERMISSION_DENIED' });
  });

  it('quota exhaustion answers 429 GA4_QUOTA_EXCEEDED and leaves the account healthy', async () => {
    fake.behave({});
    await ga4Call(t, owner, space(), 'POST', '/report', REPORT);
    fake.behave({ reportFailure: 'quota' });
    const response = await ga4Call(t, owner, space(), 'POST', '/report', REPORT);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ code: 'GA4_QUOTA_EXCEEDED', detail: 'Google Analytics usage limit reached. Please try again in a few minutes.' });
    expect((await accountsOf(t, owner, space()))[0]!.auth_error).toBeNull();
  });

  it('a revoked refresh token answers REFRESH_TOKEN_EXPIRED and the auth status turns auth_expired', async () => {
    fake.rejectAccessTokens();
    fake.revokeRefreshTokens();
    const response = await ga4Call(t, owner, space(), 'POST', '/report', REPORT);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'REFRESH_TOKEN_EXPIRED' });
    expect(await status()).toMatchObject({ status: 'auth_expired', has_valid_tokens: false, accounts_count: 1, valid_accounts: 0 });
    // The Mosaic session is untouched: its own calls still work.
    expect((await ga4Call(t, owner, space(), 'GET', '/linked-properties')).statusCode).toBe(200);
    // Listing every account tolerates the broken one and shows its error.
    const all = (await ga4Call(t, owner, space(), 'GET', '/properties')).json<Ga4PropertiesResponse>();
    expect(all.properties).toEqual([]);
    expect(all.accounts[0]!.auth_error).toBe('REFRESH_TOKEN_EXPIRED');
  });

  it('reconnecting replaces the tokens and the account is healthy again', async () => {
    await connectGoogle(t, fake, owner, space(), ADA);
    expect(await status()).toMatchObject({ status: 'authenticated', valid_accounts: 1 });
    expect((await ga4Call(t, owner, space(), 'POST', '/report', REPORT)).statusCode).toBe(200);
  });

  it('with two accounts of which one is broken the status is partial_auth', async () => {
    await connectGoogle(t, fake, owner, space(), { sub: '5566', email: 'second@gmail.example' });
    await t.database.db.update(ga4Accounts).set({ authError: 'REFRESH_TOKEN_EXPIRED' }).where(eq(ga4Accounts.id, accountId));
    expect(await status()).toMatchObject({ status: 'partial_auth', accounts_count: 2, valid_accounts: 1, has_valid_tokens: true });
  });
});
