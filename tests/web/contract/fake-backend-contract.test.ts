/**
 * The client tests' fake backends are held to the contract (src/contract/all-endpoints.ts): an answer or
 * a request body that the real server's schemas refuse is reported after the test, naming the
 * endpoint and the field, while answers that fit, error answers and unlisted endpoints pass.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeContractDisagreements } from '../../helpers/fake-backend-contract';
import { installFakeApi as installLowLevelFake, json, offContract } from '../api/fake-api';
import { installFakeApi } from '../app/support/fake-api';

afterEach(() => vi.unstubAllGlobals());

const call = (method: string, path: string, body?: unknown) =>
  fetch(`http://localhost/api/v1${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });

describe('fake backends checked against the contract', () => {
  it('reports an answer the real server could not give, naming the endpoint and the field', async () => {
    const api = installFakeApi();
    api.on('GET /billing/plan', () => ({ status: 200, body: { name: 'Free' } }));
    await call('GET', '/billing/plan');
    const [report, ...more] = takeContractDisagreements();
    expect(more).toEqual([]);
    expect(report).toContain('The fake backend answered a response body for GET /billing/plan');
    expect(report).toContain('days_left');
  });

  it('reports a request body the server would refuse, with the route pattern it matched', async () => {
    installFakeApi();
    await call('POST', '/agents/seo/messages/async', { message: 'Hi', mode: 'turbo' });
    const [report] = takeContractDisagreements();
    expect(report).toContain('The client sent a request body for POST /agents/:slug/messages/async');
    expect(report).toContain('mode');
  });

  it('reports a success status the endpoint never answers', async () => {
    const fake = installLowLevelFake();
    fake.on('POST', '/spaces/', json(200, { id: 's3', name: 'Gamma', slug: 'gamma', description: null, is_default: false }));
    await call('POST', '/spaces/', { name: 'Gamma', slug: 'gamma' });
    expect(takeContractDisagreements()).toEqual([expect.stringContaining('The fake backend answered status 200 for POST /spaces/')]);
  });

  it('lets through answers that fit, error answers, unlisted endpoints and answers marked off-contract', async () => {
    const fake = installLowLevelFake();
    fake.on('GET', '/billing/plan', json(200, { id: 'p1', name: 'Free', type: 'free', days_left: 9, expires_at: null, is_active: true }));
    fake.on('GET', '/billing/credits', json(500, { detail: 'boom' }));
    // A path no area declares (any real route may be declared later).
    fake.on('GET', '/unlisted', json(200, { anything: true }));
    fake.on('GET', '/me', offContract('a broken server answer', json(200, {})));
    for (const path of ['/billing/plan', '/billing/credits', '/unlisted', '/me']) await call('GET', path);
    expect(takeContractDisagreements()).toEqual([]);
  });
});
