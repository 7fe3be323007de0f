/**
 * Calls through the contract's routes (src/api/call-endpoint.ts, src/contract/endpoint.ts): the URL
 * is the route's path with its parameters encoded, the query and body go as given, and the call
 * takes the request layer's path like any other (headers, a GET started early).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BILLING_ROUTES } from '../../../src/contract/billing-routes';
import { defineEndpoints, endpointPath, routesFor, type EndpointDeclaration } from '../../../src/contract/endpoint';
import { PROMPT_TEMPLATE_ROUTES } from '../../../src/contract/prompt-template-routes';
import { z } from 'zod';
import { disposeClients, signedInClient } from './client-harness';
import { installFakeApi, json } from './fake-api';

afterEach(() => {
  disposeClients();
  vi.unstubAllGlobals();
});

const template = {
  id: 'tpl-1',
  scope: 'personal',
  title: 'Launch post',
  body: 'Write about {{topic}}',
  agent_slugs: [],
  variables: ['topic'],
  editable: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('endpointPath', () => {
  it("fills each :param with its value, percent-encoded, and leaves a path without any as it is", () => {
    expect(endpointPath(BILLING_ROUTES.checkout, { id: 'a/b c' })).toBe('/billing/checkouts/a%2Fb%20c');
    expect(endpointPath(BILLING_ROUTES.plan)).toBe('/billing/plan');
  });
});

describe('defineEndpoints refuses a declaration the server could not register as it says', () => {
  const declare = (method: 'GET' | 'POST', path: string, declaration: Partial<EndpointDeclaration>) => {
    const declarations = { one: { tags: [], auth: 'bearer', summary: 'One', answers: { 200: z.null() }, errors: [], ...declaration } as EndpointDeclaration };
    return () => defineEndpoints(routesFor<typeof declarations>()({ one: [method, path] }), declarations);
  };

  it('a path parameter without its schema, or a schema naming another', () => {
    expect(declare('GET', '/things/:id', {})).toThrow("GET /things/:id: its params schema must name exactly the path's parameters (id)");
    expect(declare('GET', '/things/:id', { params: z.object({ slug: z.string() }) })).toThrow('must name exactly');
    expect(declare('GET', '/things/:id', { params: z.object({ id: z.string() }) })).not.toThrow();
  });

  it('a GET with a body, or answers that are not successes', () => {
    expect(declare('GET', '/things', { body: z.object({}) })).toThrow('a GET takes no body');
    expect(declare('POST', '/things', { answers: { 404: z.null() } })).toThrow('success (2xx) statuses');
  });
});

describe('callEndpoint', () => {
  it('sends the path with its parameters, the body and the query, and answers the body', async () => {
    const fake = installFakeApi();
    fake.on('PATCH', '/prompt-templates/tpl-1', json(200, template));
    fake.on('GET', '/billing/analytics/usage-breakdown', json(200, { period: '7d', group_by: 'agent', total_credits_used: 0, breakdown: [] }));
    const client = await signedInClient(fake);

    await expect(client.api.callEndpoint(PROMPT_TEMPLATE_ROUTES.update, { params: { id: 'tpl-1' }, body: { title: 'Launch post' } })).resolves.toEqual(template);
    expect(fake.calls('PATCH', '/prompt-templates/tpl-1')[0]!.body).toEqual({ title: 'Launch post' });

    await client.api.callEndpoint(BILLING_ROUTES.usageBreakdown, { query: { group_by: 'agent', period: '7d' } });
    expect(fake.calls('GET', '/billing/analytics/usage-breakdown')[0]!.path).toBe('/billing/analytics/usage-breakdown?group_by=agent&period=7d');
  });

  it("adds the call's own headers to the session's", async () => {
    const fake = installFakeApi();
    fake.on('POST', '/billing/credits/deduct', json(200, { success: true, credits_remaining: 10, transaction_id: 't1', credits_charged: 5, duplicate: false }));
    const client = await signedInClient(fake);
    await client.api.callEndpoint(BILLING_ROUTES.deduct, { body: { amount: 5 } }, { headers: { 'Idempotency-Key': 'k-1' } });
    const [sent] = fake.calls('POST', '/billing/credits/deduct');
    expect(sent!.headers.get('Idempotency-Key')).toBe('k-1');
    expect(sent!.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('takes the answer of the same GET started early when called without options', async () => {
    const fake = installFakeApi();
    fake.on('GET', '/billing/plan', json(200, { id: 'p1', name: 'Free', type: 'free', days_left: 9, expires_at: null, is_active: true }));
    const client = await signedInClient(fake);
    client.api.http.startEarly([endpointPath(BILLING_ROUTES.plan)]);
    await vi.waitFor(() => expect(fake.calls('GET', '/billing/plan')).toHaveLength(1));
    await client.api.callEndpoint(BILLING_ROUTES.plan);
    expect(fake.calls('GET', '/billing/plan')).toHaveLength(1);
  });
});
