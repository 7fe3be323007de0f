/**
 * A fake backend at the network edge: replaces globalThis.fetch and answers /api/v1 calls from
 * in-memory data, so the real request layer, auth store and spaces store run unchanged.
 */
import { vi } from 'vitest';
import type { Role, User } from '../../../../src/contract/auth';
import type { Space } from '../../../../src/contract/spaces';
import { checkExchange } from '../../../helpers/fake-backend-contract';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** `offContract` names why an answer deliberately breaks the contract (a test of bad server data). */
/** `headers`: added to the answer's own (e.g. the service worker's mark on a saved answer). */
type Reply = {
  status: number;
  body?: unknown;
  offContract?: string;
  stream?: ReadableStream<Uint8Array>;
  bytes?: { data: Uint8Array<ArrayBuffer>; type: string };
  headers?: Record<string, string>;
};
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

export function makeUser(role: Role, overrides: Partial<User> = {}): User {
  return { id: `u-${role}`, email: `${role.replace('_', '.')}@acme.test`, name: `Ada ${role}`, role, org_id: 'org-1', ...overrides };
}

export function makeSpace(id: string, name: string, extra: Partial<Space> = {}): Space {
  return { id, name, slug: name.toLowerCase().replace(/\s+/g, '-'), description: null, is_default: false, ...extra };
}

export interface FakeApi {
  calls: RecordedCall[];
  user: User;
  spaces: Space[];
  /** Answers one route ("GET /billing/plan") differently from the default. */
  on: (route: string, handler: Handler) => void;
  callsTo: (route: string) => RecordedCall[];
  /** The network is down: every call fails as fetch does without a connection, and the server hears nothing. */
  offline: boolean;
}

const json = (status: number, body?: unknown) => ({ status, body });

export function installFakeApi(initial: { user?: User; spaces?: Space[] } = {}): FakeApi {
  const api: FakeApi = {
    calls: [],
    user: initial.user ?? makeUser('org_member'),
    spaces: initial.spaces ?? [makeSpace('s1', 'Main Space', { is_default: true }), makeSpace('s2', 'Spring Launch')],
    on: (route, handler) => overrides.set(route, handler),
    callsTo: (route) => api.calls.filter((c) => `${c.method} ${c.path}` === route),
    offline: false,
  };
  const overrides = new Map<string, Handler>();
  // A fresh organisation's first-run checklist: nothing done yet, not closed.
  let checklistDismissed = false;
  const checklist = () => ({
    steps: { brand_voice: false, knowledge: false, analytics: false, team: false, chat: false },
    dismissed: checklistDismissed,
    organisation_name: 'Acme Marketing',
  });
  const session = () => ({ access_token: 'access-1', refresh_token: 'refresh-1', token_type: 'bearer', user: api.user });

  const defaults: Record<string, Handler> = {
    'POST /login': () => json(200, session()),
    'POST /register': () => json(201, session()),
    'GET /register/check-domain': () => json(200, { has_existing_org: false }),
    'POST /register/with-domain': () => json(201, session()),
    'POST /logout': () => json(204),
    'POST /refresh': () => json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' }),
    'GET /me': () => json(200, api.user),
    'GET /spaces/': () => json(200, { data: api.spaces, next_cursor: null }),
    'POST /spaces/': (call) => {
      const input = call.body as { name: string; slug: string; description?: string };
      return json(201, { id: `s${api.spaces.length + 1}`, description: null, is_default: false, ...input });
    },
    'GET /billing/plan': () =>
      json(200, { id: 'p1', name: 'Free', type: 'free', days_left: 9, expires_at: null, is_active: true }),
    'GET /billing/credits': () =>
      json(200, { used: 1200, total: 3000, remaining: 1800, reset_date: '2099-01-01T00:00:00.000Z', last_updated: '2026-03-10T09:00:00.000Z' }),
    // A fresh organisation: no Google Analytics connected, so the Dashboard shows its empty state.
    'GET /integrations/ga4/linked-properties': () => json(200, { linked_properties: [] }),
    'GET /integrations/ga4/accounts': () => json(200, { accounts: [] }),
    'GET /settings/brand-voice': () => json(200, { content: '', updatedAt: null, createdBy: null }),
    'GET /spaces/archived': () => json(200, { data: [], next_cursor: null }),
    // The sidebar's notification list: nothing new unless a test says otherwise.
    'GET /notifications': () => json(200, { notifications: [], unread_count: 0 }),
    'GET /settings/org': () => json(200, { id: 'org-1', name: 'Acme Marketing', properties: [] }),
    'GET /orgs/contacts': () =>
      json(200, { contacts: [{ name: 'Olga Owner', email: 'olga@acme.test', role: 'org_owner' }, { name: 'Ann Admin', email: 'ann@acme.test', role: 'org_admin' }] }),
    'GET /auth/sso/lookup': () => json(200, { sso: null }),
    'GET /settings/sso': () => json(200, { provider: null, redirect_uri: 'http://localhost/api/v1/auth/sso/callback', domain_claim: null }),
    // Admin Security: no email domain claim awaits review unless a test says otherwise.
    'GET /admin/domain-claims': () => json(200, { claims: [] }),
    'GET /onboarding': () => json(200, checklist()),
    'PUT /onboarding/dismissal': (call) => {
      checklistDismissed = (call.body as { dismissed: boolean }).dismissed;
      return json(200, checklist());
    },
    'GET /integrations/ga4/auth/status': () =>
      json(200, { status: 'no_accounts', message: 'No Google Analytics account connected', has_valid_tokens: false, accounts_count: 0, valid_accounts: 0 }),
  };

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (api.offline) throw new TypeError('Failed to fetch');
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: RecordedCall = { method, path, query: url.searchParams, body, headers: new Headers(init.headers) };
    api.calls.push(call);
    const route = `${method} ${path}`;
    const handler = overrides.get(route) ?? defaults[route];
    const reply: Reply = handler ? await handler(call) : json(404, { detail: `No fake route for ${route}` });
    if (!reply.offContract) checkExchange(method, path, body, reply.status, reply.body);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    // A streamed answer (server-sent events) is handed over as it is written.
    if (reply.stream) return new Response(reply.stream, { status: reply.status, headers: { 'Content-Type': 'text/event-stream' } });
    // A binary answer (an image) is sent as its bytes.
    if (reply.bytes) return new Response(reply.bytes.data, { status: reply.status, headers: { 'Content-Type': reply.bytes.type } });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { ...(reply.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return api;
}
