/**
 * The offline banner follows what real API calls experience (src/api → src/pwa connectivity),
 * not only the browser's online/offline events.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { disposeClients, signedInClient, type Client } from '../api/client-harness';
import { installFakeApi, json, type FakeApi } from '../api/fake-api';

let fake: FakeApi;
let client: Client;
let connectivity: { online: boolean };

beforeEach(async () => {
  fake = installFakeApi();
  client = await signedInClient(fake);
  // Loaded after the client so it is the same module instance the request layer reports to.
  ({ connectivity } = await import('../../../src/pwa/connectivity.store'));
});

afterEach(() => disposeClients());

const savedAnswer = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Mosaic-Served-From-Cache': '1' },
  });

describe('connectivity from API calls', () => {
  it('goes offline when a call gets no response, and back online with the next answer', async () => {
    fake.on('GET', '/billing/plan', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.api.http.get('/billing/plan')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(connectivity.online).toBe(false);

    fake.on('GET', '/billing/plan', json(200, { id: 'p1', name: 'Free', type: 'free', days_left: 9, expires_at: null, is_active: true }));
    await client.api.http.get('/billing/plan');
    expect(connectivity.online).toBe(true);
  });

  it('treats an answer saved by the service worker as offline, with its data still delivered', async () => {
    const credits = { used: 10, total: 3000, remaining: 2990, reset_date: '2099-01-01T00:00:00.000Z', last_updated: '2026-03-10T09:00:00.000Z' };
    fake.on('GET', '/billing/credits', savedAnswer(credits));
    await expect(client.api.http.get('/billing/credits')).resolves.toEqual(credits);
    expect(connectivity.online).toBe(false);
  });

  it('counts an error status as the server answering', async () => {
    fake.on('GET', '/billing/plan', () => Promise.reject(new TypeError('Failed to fetch')));
    await client.api.http.get('/billing/plan').catch(() => undefined);
    expect(connectivity.online).toBe(false);

    fake.on('GET', '/billing/plan', json(500, { detail: 'boom' }));
    await expect(client.api.http.get('/billing/plan')).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(connectivity.online).toBe(true);
  });

  it('does not call a slow server a lost connection', async () => {
    fake.on('GET', '/billing/plan', () => new Promise<Response>(() => undefined));
    await expect(client.api.http.get('/billing/plan', { timeoutMs: 20 })).rejects.toMatchObject({ code: 'TIMEOUT_ERROR' });
    expect(connectivity.online).toBe(true);
  });
});
