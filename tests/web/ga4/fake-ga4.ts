/**
 * A small GA4 backend for the fake API: accounts, readable properties, links per space and
 * reports, answering the /integrations/ga4 calls with the wire shapes of src/contract/ga4.ts.
 */
import { vi } from 'vitest';
import type { FakeApi, RecordedCall } from '../app/support/fake-api';
import type {
  Ga4Account,
  Ga4AuthStatus,
  Ga4LinkedProperty,
  Ga4LinkPayload,
  Ga4Property,
  Ga4ReportRequest,
  Ga4ReportResponse,
} from '../../../src/contract/ga4';

export interface FakeGa4 {
  accounts: Ga4Account[];
  properties: Ga4Property[];
  /** Links per space id. */
  links: Record<string, Ga4LinkedProperty[]>;
  reports: Ga4ReportRequest[];
  redirectUrl: string;
  /** Figures the reports answer with (per property id, else the default). */
  sessionsPerChannel: Array<[string, number]>;
  /** Appended to the removal message, as the server does when Google could not revoke the grant. */
  removalNote: string;
  /** Space names by id, for the accounts' `linked_in`. */
  spaceNames: Record<string, string>;
  /** The KPI totals over a comparison range, answered when a report asks for one; null answers none (an older server). */
  previousKpis: Record<string, number> | null;
  /** While set, report answers wait for it (the request is recorded at once). */
  holdReports: Promise<void> | null;
  connectDemo: () => void;
}

export function makeAccount(id: string, extra: Partial<Ga4Account> = {}): Ga4Account {
  return {
    id,
    email: `${id}@gmail.test`,
    google_user_id: `g-${id}`,
    scopes: 'https://www.googleapis.com/auth/analytics.readonly',
    created_at: '2026-01-05T10:00:00.000Z',
    is_demo: false,
    auth_error: null,
    ...extra,
  };
}

export function makeProperty(propertyId: string, accountId: string, name: string): Ga4Property {
  return { property_id: propertyId, display_name: name, account_id: accountId, ga4_account_name: 'Acme GA' };
}

const ok = (body: unknown, status = 200) => ({ status, body });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function reportFor(request: Ga4ReportRequest, ga4: FakeGa4): Ga4ReportResponse {
  // As the server says: whether the figures come from the demo source (the property's account is the demo one).
  const accountId = ga4.properties.find((property) => property.property_id === request.property_id)?.account_id;
  const isDemo = ga4.accounts.find((account) => account.id === accountId)?.is_demo ?? false;
  const base = { property_id: request.property_id, property_name: `Property ${request.property_id}`, is_demo: isDemo };
  const total = ga4.sessionsPerChannel.reduce((sum, [, sessions]) => sum + sessions, 0);
  if (request.dimensions.includes('sessionDefaultChannelGroup')) {
    const rows = ga4.sessionsPerChannel.map(([channel, sessions]) => ({ sessionDefaultChannelGroup: channel, sessions }));
    return { ...base, row_count: rows.length, totals: { sessions: total }, rows };
  }
  if (request.dimensions.includes('date')) {
    const rows = [
      { date: request.start_date.replaceAll('-', ''), sessions: Math.round(total * 0.4) },
      { date: request.end_date.replaceAll('-', ''), sessions: Math.round(total * 0.6) },
    ];
    return { ...base, row_count: rows.length, totals: { sessions: total }, rows };
  }
  const totals = {
    sessions: total,
    activeUsers: Math.round(total * 0.8),
    conversions: 37,
    bounceRate: 0.4237,
    averageSessionDuration: 125.4,
    screenPageViews: total * 3,
    engagedSessions: Math.round(total * 0.58),
  };
  const compared = request.compare_start_date && ga4.previousKpis ? { compare_totals: ga4.previousKpis } : {};
  return { ...base, row_count: 1, totals, rows: [totals], ...compared };
}

export function installFakeGa4(api: FakeApi): FakeGa4 {
  const ga4: FakeGa4 = {
    accounts: [makeAccount('acc-1', { email: 'ada@gmail.test' })],
    properties: [makeProperty('111', 'acc-1', 'Acme Shop'), makeProperty('222', 'acc-1', 'Acme Blog')],
    links: {},
    reports: [],
    previousKpis: null,
    spaceNames: {},
    redirectUrl: 'https://accounts.google.test/o/oauth2/auth?state=abc',
    sessionsPerChannel: [
      ['Organic Search', 6000],
      ['Direct', 3000],
      ['(other)', 1000],
    ],
    removalNote: '',
    holdReports: null,
    connectDemo: () => {
      ga4.accounts = [makeAccount('demo', { email: 'demo@mosaic.test', is_demo: true })];
      ga4.properties = [makeProperty('900', 'demo', 'Demo Store'), makeProperty('901', 'demo', 'Demo Blog')];
    },
  };
  const space = (call: RecordedCall) => call.headers.get('X-Space-Id') ?? 'none';
  const linksOf = (call: RecordedCall) => (ga4.links[space(call)] ??= []);
  const status = (): Ga4AuthStatus => ({
    status: ga4.accounts.length === 0 ? 'no_accounts' : 'authenticated',
    message: ga4.accounts.length === 0 ? 'No Google account connected' : 'All accounts connected',
    has_valid_tokens: ga4.accounts.length > 0,
    accounts_count: ga4.accounts.length,
    valid_accounts: ga4.accounts.length,
  });

  api.on('GET /integrations/ga4/oauth/start', () => ok({ redirect_url: ga4.redirectUrl }));
  // As the server: each account with the properties linked through it, in every space.
  const withLinks = (account: Ga4Account): Ga4Account => ({
    ...account,
    linked_in: Object.entries(ga4.links).flatMap(([spaceId, links]) =>
      links
        .filter((link) => ga4.properties.some((property) => property.property_id === link.ga4_property_id && property.account_id === account.id))
        .map((link) => ({ space_id: spaceId, space_name: ga4.spaceNames[spaceId] ?? spaceId, property_name: link.ga4_property_display_name })),
    ),
  });
  api.on('GET /integrations/ga4/accounts', () => ok({ accounts: ga4.accounts.map(withLinks) }));
  api.on('GET /integrations/ga4/auth/status', () => ok(status()));
  api.on('GET /integrations/ga4/properties', (call) => {
    const accountId = call.query.get('account_id');
    return ok({ accounts: ga4.accounts, properties: ga4.properties.filter((p) => !accountId || p.account_id === accountId) });
  });
  api.on('GET /integrations/ga4/linked-properties', (call) => ok({ linked_properties: linksOf(call) }));
  api.on('POST /integrations/ga4/link', (call) => {
    const payload = call.body as Ga4LinkPayload;
    const linked: Ga4LinkedProperty = {
      id: `link-${payload.ga4_property_id}`,
      ga4_property_id: payload.ga4_property_id,
      ga4_property_display_name: payload.ga4_property_display_name,
    };
    linksOf(call).push(linked);
    return ok(linked, 201);
  });
  api.on('POST /integrations/ga4/report', async (call) => {
    const request = call.body as Ga4ReportRequest;
    ga4.reports.push(request);
    await ga4.holdReports;
    return ok(reportFor(request, ga4));
  });
  // DELETE paths carry an id, and the fake API matches whole paths: answer them in front of it.
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const match = /^\/integrations\/ga4\/(accounts|unlink)\/([^/]+)$/.exec(path);
    if ((init.method ?? 'GET').toUpperCase() !== 'DELETE' || !match) return inner(input, init);
    const call: RecordedCall = { method: 'DELETE', path, query: url.searchParams, body: undefined, headers: new Headers(init.headers) };
    api.calls.push(call);
    const id = decodeURIComponent(match[2]!);
    if (match[1] === 'accounts') {
      const account = ga4.accounts.find((a) => a.id === id);
      if (!account) return json(404, { detail: 'Account not found' });
      ga4.accounts = ga4.accounts.filter((a) => a.id !== id);
      for (const spaceId of Object.keys(ga4.links)) {
        const own = new Set(ga4.properties.filter((p) => p.account_id === id).map((p) => p.property_id));
        ga4.links[spaceId] = (ga4.links[spaceId] ?? []).filter((l) => !own.has(l.ga4_property_id));
      }
      return json(200, { message: `Removed ${account.email}${ga4.removalNote}` });
    }
    const links = linksOf(call);
    if (!links.some((l) => l.id === id)) return json(404, { detail: 'Linked property not found' });
    ga4.links[space(call)] = links.filter((l) => l.id !== id);
    return new Response(null, { status: 204 });
  });
  return ga4;
}

export function linkIn(ga4: FakeGa4, spaceId: string, ...properties: Array<[string, string]>): void {
  ga4.links[spaceId] = properties.map(([id, name]) => ({ id: `link-${id}`, ga4_property_id: id, ga4_property_display_name: name }));
}
