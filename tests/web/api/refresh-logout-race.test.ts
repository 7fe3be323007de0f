import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredReply, installFakeApi, json, type FakeApi } from './fake-api';
import { disposeClients, member, recordAuthEvents, signedInClient, type Client } from './client-harness';

let fake: FakeApi;
let client: Client;

beforeEach(async () => {
  fake = installFakeApi();
  client = await signedInClient(fake);
  // Only a refreshed access token would be accepted; the stored one has expired.
  fake.on('GET', '/kb/documents', (request) =>
    request.headers.get('Authorization') === 'Bearer access-2' ? json(200, { ok: true }) : json(401, { detail: 'Token expired' }),
  );
});
afterEach(() => {
  disposeClients();
  vi.unstubAllGlobals();
});

/** Starts a request whose 401 triggers a refresh, and waits until that refresh is on the wire. */
async function refreshInFlight() {
  const refresh = deferredReply();
  fake.on('POST', '/refresh', () => refresh.reply);
  const request = client.api.http.get('/kb/documents');
  const outcome = request.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await vi.waitFor(() => expect(fake.calls('POST', '/refresh')).toHaveLength(1));
  return { outcome, answer: () => refresh.resolve(json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' })) };
}

describe('a token refresh that completes after logout (spec 000 §4)', () => {
  it('after logout finished: stores nothing and does not sign the user back in', async () => {
    const events = recordAuthEvents(client);
    fake.on('POST', '/logout', json(204));
    const { outcome, answer } = await refreshInFlight();

    await client.auth.logout();
    expect(client.session.authState.status).toBe('UNAUTHENTICATED');
    answer();
    const result = await outcome;

    expect(result.ok).toBe(false);
    expect(localStorage.getItem('ma_access_token')).toBeNull();
    expect(localStorage.getItem('ma_refresh_token')).toBeNull();
    expect(client.session.authState.status).toBe('UNAUTHENTICATED');
    expect(events.map((event) => event.type)).toEqual(['LOGOUT_COMPLETE']);
  });

  it('while logout is still telling the server: stores nothing, logout completes as usual', async () => {
    const events = recordAuthEvents(client);
    const logoutCall = deferredReply();
    fake.on('POST', '/logout', () => logoutCall.reply);
    const { outcome, answer } = await refreshInFlight();

    const loggingOut = client.auth.logout();
    expect(client.session.authState.status).toBe('LOGGING_OUT');
    answer();
    await outcome;
    expect(client.session.authState.status).toBe('LOGGING_OUT');
    expect(localStorage.getItem('ma_refresh_token')).not.toBe('refresh-2');
    logoutCall.resolve(json(204));
    await loggingOut;

    expect(localStorage.getItem('ma_access_token')).toBeNull();
    expect(localStorage.getItem('ma_refresh_token')).toBeNull();
    expect(client.session.authState.status).toBe('UNAUTHENTICATED');
    expect(events.map((event) => event.type)).toEqual(['LOGOUT_COMPLETE']);
  });

  it("never overwrites the session of whoever signed in after the logout", async () => {
    fake.on('POST', '/logout', json(204));
    const { outcome, answer } = await refreshInFlight();
    await client.auth.logout();
    fake.on('POST', '/login', json(200, { access_token: 'access-new', refresh_token: 'refresh-new', token_type: 'bearer', user: member }));
    await client.auth.login(member.email, 'password');
    expect(client.session.authState.status).toBe('AUTHENTICATED');

    answer();
    await outcome;
    expect(localStorage.getItem('ma_access_token')).toBe('access-new');
    expect(localStorage.getItem('ma_refresh_token')).toBe('refresh-new');
    expect(client.session.authState.status).toBe('AUTHENTICATED');
  });
});
