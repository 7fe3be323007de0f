import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertPlatformAdmin } from '../../server/src/services/admins.service';
import {
  API,
  TEST_PASSWORD,
  addMember,
  authHeaders,
  createTestApp,
  login,
  registerOwner,
  testEngine,
  uniqueEmail,
  type RegisteredOwner,
  type SignedIn,
  type TestApp,
} from '../helpers/server';

type Method = 'GET' | 'POST';
interface Endpoint {
  method: Method;
  url: string;
  payload?: object;
  /** Owners and admins only. */
  managersOnly: boolean;
  ok: number;
}

/** Every billing call of spec 001 §7 (plus the catalogue) with a valid request and its success status. */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', url: '/billing/plan', managersOnly: false, ok: 200 },
  { method: 'GET', url: '/billing/credits', managersOnly: false, ok: 200 },
  { method: 'GET', url: '/billing/credits/transactions?limit=5', managersOnly: false, ok: 200 },
  { method: 'GET', url: '/billing/analytics/usage-breakdown', managersOnly: false, ok: 200 },
  { method: 'GET', url: '/billing/analytics/recent-activity', managersOnly: false, ok: 200 },
  { method: 'POST', url: '/billing/credits/deduct', payload: { amount: 1 }, managersOnly: false, ok: 200 },
  { method: 'POST', url: '/billing/credits/add', payload: { amount: 5, description: 'Goodwill' }, managersOnly: true, ok: 200 },
  { method: 'POST', url: '/billing/credits/purchase', payload: { credits: 1000 }, managersOnly: true, ok: 200 },
  { method: 'POST', url: '/billing/credits/transactions/create', payload: { credits: 1, feature: 'import' }, managersOnly: true, ok: 201 },
  {
    method: 'POST',
    url: '/billing/credits/transactions/bulk-create',
    payload: { transactions: [{ credits: 1, feature: 'import' }] },
    managersOnly: true,
    ok: 201,
  },
  { method: 'POST', url: '/billing/analytics/usage-breakdown/create', payload: { credits: 1, feature: 'import' }, managersOnly: true, ok: 201 },
  { method: 'POST', url: '/billing/analytics/recent-activity/create', payload: { activity: 'Imported report' }, managersOnly: true, ok: 201 },
];

describe(`billing roles (${testEngine})`, () => {
  let t: TestApp;
  let owner: RegisteredOwner;
  let admin: SignedIn;
  let member: SignedIn;
  let platformAdmin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOwner(t.app);
    admin = await addMember(t.app, t.database, owner, 'org_admin');
    member = await addMember(t.app, t.database, owner, 'org_member');
    const email = uniqueEmail();
    await upsertPlatformAdmin(t.database.db, { email, name: 'Sys', password: TEST_PASSWORD, role: 'system_admin' });
    platformAdmin = await login(t.app, email);
  });
  afterAll(() => t.close());

  const call = (endpoint: Endpoint, token: string | undefined, spaceId: string | null = owner.defaultSpace.id) =>
    t.app.inject({
      method: endpoint.method,
      url: `${API}${endpoint.url}`,
      headers: token ? authHeaders(token, spaceId ?? undefined) : {},
      ...(endpoint.payload ? { payload: endpoint.payload } : {}),
    });

  for (const endpoint of ENDPOINTS) {
    const name = `${endpoint.method} ${endpoint.url.split('?')[0]}`;
    it(`${name}: owners and admins ${endpoint.managersOnly ? 'only' : 'and members'}`, async () => {
      expect((await call(endpoint, owner.access_token)).statusCode).toBe(endpoint.ok);
      expect((await call(endpoint, admin.access_token)).statusCode).toBe(endpoint.ok);
      const asMember = await call(endpoint, member.access_token);
      if (endpoint.managersOnly) {
        expect(asMember.statusCode).toBe(403);
        expect(asMember.json()).toMatchObject({ code: 'FORBIDDEN', detail: expect.stringMatching(/^Only organisation owners and admins can/) });
      } else {
        expect(asMember.statusCode).toBe(endpoint.ok);
      }
      expect((await call(endpoint, undefined)).statusCode).toBe(401);
      // Billing is space-scoped: no space header → 400; a platform admin has no organisation → 404
      // (the same answer as for any space that is not the caller's, so nothing is revealed).
      expect((await call(endpoint, owner.access_token, null)).json()).toMatchObject({ code: 'SPACE_REQUIRED' });
      expect((await call(endpoint, platformAdmin.access_token)).json()).toEqual({ detail: 'Space not found', code: 'NOT_FOUND' });
    });
  }

  it('upgrade (both paths) is for owners and admins', async () => {
    for (const url of ['/billing/plan/upgrade', '/plan/upgrade']) {
      const response = await call({ method: 'POST', url, payload: { plan_type: 'starter' }, managersOnly: true, ok: 200 }, member.access_token);
      expect(response.statusCode).toBe(403);
    }
    const asAdmin = await call({ method: 'POST', url: '/plan/upgrade', payload: { plan_type: 'starter' }, managersOnly: true, ok: 200 }, admin.access_token);
    expect(asAdmin.statusCode).toBe(200);
  });

  it('serves the catalogue without sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/billing/plans` });
    expect(response.statusCode).toBe(200);
    expect(response.json().plans.map((plan: { type: string }) => plan.type)).toEqual(['free', 'starter', 'pro', 'business']);
    expect(response.json().plans[0]).toMatchObject({ credits: 3000, trial_days: 14, price_monthly: 0 });
  });

  it('gives the members of another organisation nothing of this one', async () => {
    const stranger = await registerOwner(t.app);
    const response = await call(ENDPOINTS[1]!, stranger.access_token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Space not found', code: 'NOT_FOUND' });
  });
});
