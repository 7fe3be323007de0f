import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentCheckouts } from '../../server/src/db/schema/index';
import { upsertPlatformAdmin } from '../../server/src/services/admins.service';
import { API, TEST_PASSWORD, addMember, authHeaders, login, registerOwner, testEngine, uniqueEmail, type SignedIn } from '../helpers/server';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';

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
  const t = appForSuite();
  const owner = preparedForSuite(() => registerOwner(t.app));
  const admin = preparedForSuite(() => addMember(t.app, t.database, owner, 'org_admin'));
  const member = preparedForSuite(() => addMember(t.app, t.database, owner, 'org_member'));
  let platformAdmin: SignedIn;
  let supportAdmin: SignedIn;

  beforeAll(async () => {
    const email = uniqueEmail();
    await upsertPlatformAdmin(t.database.db, { email, name: 'Sys', password: TEST_PASSWORD, role: 'system_admin' });
    platformAdmin = await login(t.app, email);
    const supportEmail = uniqueEmail();
    await upsertPlatformAdmin(t.database.db, { email: supportEmail, name: 'Sup', password: TEST_PASSWORD, role: 'support_admin' });
    supportAdmin = await login(t.app, supportEmail);
  });

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

  it('adds credits for platform system admins only, naming the organisation instead of a space', async () => {
    const add = (token: string | undefined, spaceId?: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/billing/credits/add`,
        headers: token ? authHeaders(token, spaceId) : {},
        payload: { org_id: owner.user.org_id, amount: 5, description: 'Goodwill for the outage' },
      });
    const refusal = {
      detail: 'Only a platform system admin can add or remove credits. Organisations get credits by buying them or with their plan.',
      code: 'FORBIDDEN',
    };
    for (const person of [owner, admin, member]) {
      const response = await add(person.access_token, owner.defaultSpace.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal);
    }
    expect((await add(supportAdmin.access_token)).json()).toEqual(refusal);
    expect((await add(undefined)).statusCode).toBe(401);
    const bySystemAdmin = await add(platformAdmin.access_token);
    expect(bySystemAdmin.statusCode).toBe(200);
    expect(bySystemAdmin.json()).toMatchObject({ success: true, credits_added: 5, duplicate: false });
  });

  it("shows a payment's state to the owners and admins of its organisation only", async () => {
    const buyer = await registerOwner(t.app);
    const bought = await t.app.inject({
      method: 'POST',
      url: `${API}/billing/credits/purchase`,
      headers: authHeaders(buyer.access_token, buyer.defaultSpace.id),
      payload: { credits: 1000 },
    });
    expect(bought.statusCode).toBe(200);
    const [checkout] = await t.database.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.orgId, buyer.user.org_id!));
    const read = (token: string, spaceId: string) =>
      t.app.inject({ method: 'GET', url: `${API}/billing/checkouts/${checkout!.id}`, headers: authHeaders(token, spaceId) });
    expect((await read(buyer.access_token, buyer.defaultSpace.id)).json()).toMatchObject({ id: checkout!.id, status: 'completed', purpose: 'credits', amount: 10 });
    expect((await read(owner.access_token, owner.defaultSpace.id)).json()).toEqual({ detail: 'Checkout not found', code: 'NOT_FOUND' });
    expect((await read(member.access_token, owner.defaultSpace.id)).statusCode).toBe(403);
  });

  it('serves the catalogue without sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/billing/plans` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ currency: 'USD', payments: { provider: 'mock', checkout: 'instant', demo: true } });
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
