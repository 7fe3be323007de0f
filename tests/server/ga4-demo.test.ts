import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL_DIMENSION,
  DASHBOARD_KPI_METRICS,
  DATE_DIMENSION,
  type Ga4LinkedProperty,
  type Ga4PropertiesResponse,
  type Ga4ReportResponse,
} from '../../src/contract/ga4';
import { API, authHeaders, createTestApp, registerOwner, testEngine, type RegisteredOwner, type TestApp } from '../helpers/server';
import { accountsOf, connectDemo, ga4Call, startConnection } from './ga4-helpers';

const RANGE = { start_date: '2025-03-01', end_date: '2025-03-28' };

describe(`GA4 demo source (${testEngine})`, () => {
  let t: TestApp;
  let owner: RegisteredOwner;
  let store: Ga4LinkedProperty;
  const space = () => owner.defaultSpace.id;
  const report = (body: object) => ga4Call(t, owner, space(), 'POST', '/report', { property_id: store.ga4_property_id, ...RANGE, ...body });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOwner(t.app);
  });
  afterAll(async () => t.close());

  it('starts with no accounts', async () => {
    const status = await ga4Call(t, owner, space(), 'GET', '/auth/status');
    expect(status.json()).toEqual({
      status: 'no_accounts',
      message: 'No Google Analytics account is connected',
      has_valid_tokens: false,
      accounts_count: 0,
      valid_accounts: 0,
    });
  });

  it('start → our own callback → a demo account, without Google', async () => {
    const target = await startConnection(t, owner, space());
    expect(target.pathname).toBe('/api/v1/integrations/ga4/oauth/callback');
    const response = await connectDemo(t, owner, space());
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/connections/ga4/manage?connected=1');
    const accounts = await accountsOf(t, owner, space());
    expect(accounts).toEqual([
      expect.objectContaining({ email: 'demo-analytics@mosaic.local', google_user_id: 'demo', is_demo: true, auth_error: null }),
    ]);
    expect((await ga4Call(t, owner, space(), 'GET', '/auth/status')).json()).toMatchObject({ status: 'authenticated', valid_accounts: 1 });
  });

  it('lists the two demo properties and links one to the space', async () => {
    const body = (await ga4Call(t, owner, space(), 'GET', '/properties')).json<Ga4PropertiesResponse>();
    expect(body.properties.map((property) => property.display_name)).toEqual(['Demo Store', 'Demo Blog']);
    const storeProperty = body.properties[0]!;
    const linked = await ga4Call(t, owner, space(), 'POST', '/link', {
      google_oauth_account_id: storeProperty.account_id,
      ga4_property_id: storeProperty.property_id,
      ga4_property_display_name: storeProperty.display_name,
    });
    expect(linked.statusCode).toBe(201);
    store = linked.json<Ga4LinkedProperty>();
    expect(store).toMatchObject({ ga4_property_id: storeProperty.property_id, ga4_property_display_name: 'Demo Store' });
    const again = await ga4Call(t, owner, space(), 'POST', '/link', {
      google_oauth_account_id: storeProperty.account_id,
      ga4_property_id: storeProperty.property_id,
      ga4_property_display_name: 'Demo Store',
    });
    expect(again.statusCode).toBe(409);
    const list = (await ga4Call(t, owner, space(), 'GET', '/linked-properties')).json<{ linked_properties: Ga4LinkedProperty[] }>();
    expect(list.linked_properties).toEqual([store]);
  });

  it('answers the dashboard KPI report with sensible, repeatable numbers', async () => {
    const first = await report({ metrics: [...DASHBOARD_KPI_METRICS], dimensions: [] });
    expect(first.statusCode).toBe(200);
    const kpis = first.json<Ga4ReportResponse>();
    expect(kpis.property_name).toBe('Demo Store');
    // Synthetic figures are labelled as such on every report.
    expect(kpis.is_demo).toBe(true);
    expect(kpis.rows).toHaveLength(1);
    const totals = kpis.totals;
    // About 1,400 sessions a day over 28 days.
    expect(totals.sessions).toBeGreaterThan(28 * 900);
    expect(totals.sessions).toBeLessThan(28 * 2500);
    expect(totals.activeUsers).toBeLessThan(totals.sessions!);
    expect(totals.engagedSessions).toBeLessThan(totals.sessions!);
    expect(totals.conversions).toBeGreaterThan(0);
    expect(totals.screenPageViews).toBeGreaterThan(totals.sessions!);
    expect(totals.bounceRate).toBeGreaterThan(0.2);
    expect(totals.bounceRate).toBeLessThan(0.7);
    expect(totals.averageSessionDuration).toBeGreaterThan(30);
    expect(kpis.rows[0]).toEqual(totals);

    const second = await report({ metrics: [...DASHBOARD_KPI_METRICS], dimensions: [] });
    expect(second.json()).toEqual(kpis);
  });

  it('answers sessions by channel, top 10 by sessions', async () => {
    const response = await report({
      metrics: ['sessions'],
      dimensions: [CHANNEL_DIMENSION],
      order_bys: [{ metric: 'sessions', desc: true }],
      limit: 10,
    });
    const channels = response.json<Ga4ReportResponse>();
    const names = channels.rows.map((row) => row[CHANNEL_DIMENSION]);
    expect(names[0]).toBe('Organic Search');
    expect(names).toEqual(expect.arrayContaining(['Direct', 'Paid Search', 'Email', 'Referral', 'Organic Social']));
    const sessions = channels.rows.map((row) => row.sessions as number);
    expect(sessions).toEqual([...sessions].sort((a, b) => b - a));
    expect(sessions.reduce((sum, value) => sum + value, 0)).toBe(channels.totals.sessions);
  });

  it('answers sessions by date ascending, one row a day with weekends quieter', async () => {
    const response = await report({ metrics: ['sessions'], dimensions: [DATE_DIMENSION], order_bys: [{ dimension: DATE_DIMENSION, desc: false }], limit: 100 });
    const series = response.json<Ga4ReportResponse>();
    expect(series.row_count).toBe(28);
    expect(series.rows[0]).toMatchObject({ date: '2025-03-01' });
    expect(series.rows.at(-1)).toMatchObject({ date: '2025-03-28' });
    const byDay = new Map(series.rows.map((row) => [row.date as string, row.sessions as number]));
    // 2025-03-08 is a Saturday, 2025-03-11 a Tuesday.
    expect(byDay.get('2025-03-08')!).toBeLessThan(byDay.get('2025-03-11')!);
  });

  it('limits rows but keeps the row count and totals of all of them', async () => {
    const limited = (await report({ metrics: ['sessions'], dimensions: [DATE_DIMENSION], limit: 5 })).json<Ga4ReportResponse>();
    const full = (await report({ metrics: ['sessions'], dimensions: [DATE_DIMENSION] })).json<Ga4ReportResponse>();
    expect(limited.rows).toHaveLength(5);
    expect(limited.row_count).toBe(28);
    expect(limited.totals).toEqual(full.totals);
  });

  it('answers the totals of a comparison range beside the main ones: those of the same report over that range', async () => {
    const PREVIOUS = { start_date: '2025-02-01', end_date: '2025-02-28' };
    const compared = (await report({ metrics: [...DASHBOARD_KPI_METRICS], dimensions: [], compare_start_date: PREVIOUS.start_date, compare_end_date: PREVIOUS.end_date })).json<Ga4ReportResponse>();
    const alone = (await report({ metrics: [...DASHBOARD_KPI_METRICS], dimensions: [] })).json<Ga4ReportResponse>();
    const previous = (await report({ metrics: [...DASHBOARD_KPI_METRICS], dimensions: [], ...PREVIOUS })).json<Ga4ReportResponse>();
    expect(compared.totals).toEqual(alone.totals);
    expect(compared.rows).toEqual(alone.rows);
    expect(compared.compare_totals).toEqual(previous.totals);
    // Another month of synthetic traffic: not a copy of this one.
    expect(compared.compare_totals!.sessions).not.toBe(compared.totals.sessions);
    expect(alone.compare_totals).toBeUndefined();
  });

  it('refuses a metric the demo data does not have with a clear 400', async () => {
    const response = await report({ metrics: ['purchaseRevenue'], dimensions: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toContain('"purchaseRevenue"');
    expect(response.json<{ detail: string }>().detail).toContain('sessions');
  });

  it('validates the report request', async () => {
    const cases: object[] = [
      { metrics: ['sessions'], start_date: '2025-03-28', end_date: '2025-03-01' },
      { metrics: ['sessions'], start_date: '2025-02-30' },
      { metrics: ['sessions'], start_date: '03/01/2025' },
      { metrics: [] },
      { metrics: ['sessions'], limit: 0 },
      { metrics: ['sessions'], limit: 10_001 },
      { metrics: ['sessions'], order_bys: [{ metric: 'sessions', dimension: 'date', desc: true }] },
      { metrics: ['sessions'], compare_start_date: '2025-02-01' },
      { metrics: ['sessions'], compare_start_date: '2025-02-28', compare_end_date: '2025-02-01' },
    ];
    for (const body of cases) {
      const response = await report(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const reversed = await report({ metrics: ['sessions'], start_date: '2025-03-28', end_date: '2025-03-01' });
    expect(reversed.json()).toMatchObject({ errors: [{ field: 'start_date', message: 'start_date must be on or before end_date' }] });
  });

  it('a property not linked to the space answers 404', async () => {
    const response = await ga4Call(t, owner, space(), 'POST', '/report', { property_id: '900000002', metrics: ['sessions'], ...RANGE });
    expect(response.statusCode).toBe(404);
  });

  it('lists with each account every property linked through it, in every space, by space name', async () => {
    const [account] = await accountsOf(t, owner, space());
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/spaces/`,
      headers: authHeaders(owner.access_token, space()),
      payload: { name: 'Marketing', slug: 'marketing' },
    });
    expect(created.statusCode).toBe(201);
    const marketing = created.json<{ id: string }>().id;
    const blog = await ga4Call(t, owner, marketing, 'POST', '/link', { google_oauth_account_id: account!.id, ga4_property_id: '900000002', ga4_property_display_name: 'Demo Blog' });
    expect(blog.statusCode).toBe(201);

    const [listed] = await accountsOf(t, owner, space());
    expect(listed!.linked_in).toEqual([
      { space_id: space(), space_name: owner.defaultSpace.name, property_name: 'Demo Store' },
      { space_id: marketing, space_name: 'Marketing', property_name: 'Demo Blog' },
    ].sort((a, b) => a.space_name.localeCompare(b.space_name)));
    // Back as it was for the next test: the link in Marketing goes.
    expect((await ga4Call(t, owner, marketing, 'DELETE', `/unlink/${blog.json<Ga4LinkedProperty>().id}`)).statusCode).toBe(204);
  });

  it('unlinks, and removing the account unlinks its properties everywhere', async () => {
    const [account] = await accountsOf(t, owner, space());
    const blog = await ga4Call(t, owner, space(), 'POST', '/link', {
      google_oauth_account_id: account!.id,
      ga4_property_id: '900000002',
      ga4_property_display_name: 'Demo Blog',
    });
    const unlinked = await ga4Call(t, owner, space(), 'DELETE', `/unlink/${blog.json<Ga4LinkedProperty>().id}`);
    expect(unlinked.statusCode).toBe(204);
    expect((await ga4Call(t, owner, space(), 'DELETE', `/unlink/${blog.json<Ga4LinkedProperty>().id}`)).statusCode).toBe(404);
    expect((await ga4Call(t, owner, space(), 'DELETE', '/unlink/not-an-id')).statusCode).toBe(404);

    const removed = await ga4Call(t, owner, space(), 'DELETE', `/accounts/${account!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'GA4 account removed and 1 linked property unlinked' });
    expect((await ga4Call(t, owner, space(), 'GET', '/linked-properties')).json()).toEqual({ linked_properties: [] });
    expect(await accountsOf(t, owner, space())).toEqual([]);
    expect((await ga4Call(t, owner, space(), 'DELETE', `/accounts/${account!.id}`)).statusCode).toBe(404);
  });
});
