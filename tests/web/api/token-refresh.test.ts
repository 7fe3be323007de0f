import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, offContract, type FakeApi } from './fake-api';
import { disposeClientsAndGlobals, freshSignedInClient, recordAuthEvents, type Client } from './client-harness';

let fake: FakeApi;
let client: Client;

/** Any signed-in GET would do: its answer (the path asked for) is a placeholder, the refresh is under test. */
const placeholder = (body: unknown) => offContract('a placeholder answer', json(200, body));

/** A server whose only valid access token is `valid`; everything else gets 401. */
function serveDocumentsFor(valid: () => string) {
  fake.on('GET', '/kb/documents', (request) =>
    request.headers.get('Authorization') === `Bearer ${valid()}`
      ? placeholder({ ok: request.path })
      : json(401, { detail: 'Token expired' }),
  );
}

beforeEach(async () => {
  ({ fake, client } = await freshSignedInClient());
});
afterEach(disposeClientsAndGlobals);

describe('401 recovery (spec 000 §4)', () => {
  it('five concurrent 401s share exactly one /refresh and every request is retried once', async () => {
    // The server answers /refresh only once all five calls have had their 401, so every one of
    // them is waiting for a new token while the refresh is under way.
    let rejected = 0;
    let allRejected!: () => void;
    const fiveRejected = new Promise<void>((resolve) => (allRejected = resolve));
    fake.on('GET', '/kb/documents', (request) => {
      if (request.headers.get('Authorization') === 'Bearer access-2') return placeholder({ ok: request.path });
      if (++rejected === 5) allRejected();
      return json(401, { detail: 'Token expired' });
    });
    fake.on('POST', '/refresh', async (request) => {
      expect(request.body).toEqual({ refresh_token: 'refresh-1' });
      await fiveRejected;
      return json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' });
    });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => client.api.http.get(`/kb/documents`, { query: { n } })),
    );
    expect(results).toEqual([1, 2, 3, 4, 5].map((n) => ({ ok: `/kb/documents?n=${n}` })));
    expect(fake.calls('POST', '/refresh')).toHaveLength(1);
    expect(fake.calls('GET', '/kb/documents')).toHaveLength(10);
    expect(localStorage.getItem('ma_access_token')).toBe('access-2');
    expect(localStorage.getItem('ma_refresh_token')).toBe('refresh-2');
    expect(client.session.authState.status).toBe('AUTHENTICATED');
  });

  it('a retried request that gets 401 again forces logout (SESSION_EXPIRED)', async () => {
    const events = recordAuthEvents(client);
    history.replaceState(null, '', '/knowledge-base');
    serveDocumentsFor(() => 'never-valid');
    fake.on('POST', '/refresh', json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' }));
    await expect(client.api.http.get('/kb/documents')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(fake.calls('GET', '/kb/documents')).toHaveLength(2);
    expect(events).toEqual([{ type: 'SESSION_EXPIRED', redirect: '/knowledge-base' }]);
    expect(client.session.authState.status).toBe('UNAUTHENTICATED');
    expect(localStorage.getItem('ma_access_token')).toBeNull();
    history.replaceState(null, '', '/');
  });

  it('a refused refresh token ends the session at once', async () => {
    const events = recordAuthEvents(client);
    serveDocumentsFor(() => 'access-2');
    fake.on('POST', '/refresh', json(401, { detail: 'Refresh token reused' }));
    await expect(client.api.http.get('/kb/documents')).rejects.toMatchObject({
      message: 'Authentication required',
      code: 'UNAUTHORIZED',
    });
    expect(events.map((e) => e.type)).toEqual(['SESSION_EXPIRED']);
    expect(client.session.authState.status).toBe('UNAUTHENTICATED');
    expect(client.session.spacesState.spaces).toEqual([]);
  });

  it('transient refresh failures keep the session until the third failed attempt forces logout', async () => {
    const events = recordAuthEvents(client);
    serveDocumentsFor(() => 'access-2');
    fake.on('POST', '/refresh', json(503, { detail: 'Upstream unavailable' }));
    for (const attempt of [1, 2]) {
      await expect(client.api.http.get('/kb/documents'), `attempt ${attempt}`).rejects.toMatchObject({
        code: 'HTTP_ERROR',
        message: 'Upstream unavailable',
      });
      expect(client.session.authState.status).toBe('AUTHENTICATED');
      expect(localStorage.getItem('ma_refresh_token')).toBe('refresh-1');
      expect(events).toEqual([]);
    }
    await expect(client.api.http.get('/kb/documents')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(fake.calls('POST', '/refresh')).toHaveLength(3);
    expect(events.map((e) => e.type)).toEqual(['SESSION_EXPIRED']);
    expect(localStorage.getItem('ma_refresh_token')).toBeNull();
  });

  it('refreshes that get no answer at all (no connection) never end the session, however many', async () => {
    // The connection dropped as the token expired: the reads already on their way come back 401,
    // and each refresh they try cannot leave the device (tests/e2e/network-conditions.e2e.ts).
    const events = recordAuthEvents(client);
    serveDocumentsFor(() => 'access-2');
    fake.on('POST', '/refresh', () => {
      throw new TypeError('Failed to fetch');
    });
    for (const attempt of [1, 2, 3, 4]) {
      await expect(client.api.http.get('/kb/documents'), `attempt ${attempt}`).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
      expect(client.session.authState.status).toBe('AUTHENTICATED');
    }
    expect(fake.calls('POST', '/refresh')).toHaveLength(4);
    expect(events).toEqual([]);
    expect(localStorage.getItem('ma_refresh_token')).toBe('refresh-1');
    // Back online: the next 401 refreshes, and the read goes through.
    fake.on('POST', '/refresh', json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' }));
    await expect(client.api.http.get('/kb/documents')).resolves.toEqual({ ok: '/kb/documents' });
    expect(client.session.authState.status).toBe('AUTHENTICATED');
  });

  it('a successful refresh resets the attempt counter', async () => {
    serveDocumentsFor(() => 'access-2');
    fake.on('POST', '/refresh', (_request, nth) =>
      nth === 3 ? json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' }) : json(503, {}),
    );
    await client.api.http.get('/kb/documents').catch(() => undefined);
    await client.api.http.get('/kb/documents').catch(() => undefined);
    await expect(client.api.http.get('/kb/documents')).resolves.toEqual({ ok: '/kb/documents' });
    // Two more failures after the success do not reach the limit.
    serveDocumentsFor(() => 'access-3');
    fake.on('POST', '/refresh', json(503, {}));
    await client.api.http.get('/kb/documents').catch(() => undefined);
    await client.api.http.get('/kb/documents').catch(() => undefined);
    expect(client.session.authState.status).toBe('AUTHENTICATED');
  });

  it('/me and /login never trigger a refresh', async () => {
    fake.on('GET', '/me', json(401, { detail: 'Token expired' }));
    fake.on('POST', '/login', json(401, { detail: 'Incorrect email or password' }));
    await expect(client.api.http.get('/me')).rejects.toMatchObject({ status: 401 });
    await expect(client.auth.login('ana@acme.test', 'bad-password')).rejects.toThrow('Incorrect email or password');
    expect(fake.calls('POST', '/refresh')).toHaveLength(0);
  });
});
