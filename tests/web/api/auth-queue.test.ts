import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { deferredReply, installFakeApi, json, type FakeApi } from './fake-api';
import { disposeClients, loadClient, member, signedInClient, spaceA, spacesPage } from './client-harness';

let fake: FakeApi;
const freePlan = { id: 'p1', name: 'Free', type: 'free', days_left: 9, expires_at: null, is_active: true };

beforeEach(() => {
  fake = installFakeApi();
  fake.on('GET', '/billing/plan', json(200, freePlan));
});
afterEach(() => {
  disposeClients();
  vi.unstubAllGlobals();
});

/** A client whose initialisation is stuck on /me until the test lets it finish. */
async function initialisingClient() {
  localStorage.setItem('ma_access_token', 'access-1');
  localStorage.setItem('ma_refresh_token', 'refresh-1');
  const me = deferredReply();
  fake.on('GET', '/me', () => me.reply);
  fake.on('GET', '/spaces/', json(200, spacesPage([spaceA])));
  fake.on('POST', '/logout', json(204));
  const client = await loadClient();
  const init = client.auth.initAuth();
  return { client, init, finishMe: () => me.resolve(json(200, member)) };
}

describe('auth queue (spec 000 §4)', () => {
  it('holds calls until the session is AUTHENTICATED, then sends them with the space chosen meanwhile', async () => {
    const { client, init, finishMe } = await initialisingClient();
    const plan = client.api.http.get('/billing/plan');
    // Queued is the call's resting state until the session is ready: waiting for it, not for time.
    await waitFor(() => expect(client.api.queuedRequestCount()).toBe(1));
    expect(fake.calls('GET', '/billing/plan')).toHaveLength(0);
    finishMe();
    await init;
    await expect(plan).resolves.toEqual(freePlan);
    expect(fake.calls('GET', '/billing/plan')[0]?.headers.get('X-Space-Id')).toBe('space-a');
  });

  it('rejects queued calls with "Request cancelled due to logout" when logout starts', async () => {
    const { client } = await initialisingClient();
    const plan = client.api.http.get('/billing/plan');
    await Promise.resolve();
    void client.auth.logout();
    await expect(plan).rejects.toMatchObject({ message: 'Request cancelled due to logout', code: 'LOGGED_OUT' });
    expect(fake.calls('GET', '/billing/plan')).toHaveLength(0);
  });

  it('lets sign-in calls and skipAuthQueue calls through while initialising', async () => {
    const { client } = await initialisingClient();
    fake.on('GET', '/health', json(200, { status: 'ok' }));
    await expect(client.api.http.get('/health')).resolves.toEqual({ status: 'ok' });
    fake.on('GET', '/spaces/', json(200, spacesPage([])));
    await expect(client.api.http.get('/spaces/')).resolves.toEqual(spacesPage([]));
    // An ordinary call waits; the same call with skipAuthQueue goes out at once.
    fake.on('GET', '/spaces/space-a/members', json(200, { members: [] }));
    void client.api.http.get('/spaces/space-a/members').catch(() => undefined);
    expect(client.api.queuedRequestCount()).toBe(1);
    await expect(client.api.http.get('/spaces/space-a/members', { skipAuthQueue: true })).resolves.toEqual({ members: [] });
    expect(fake.calls('GET', '/spaces/space-a/members')).toHaveLength(1);
  });

  it('aborts requests in flight when logout starts (LOGGED_OUT)', async () => {
    const client = await signedInClient(fake);
    fake.on('POST', '/logout', json(204));
    fake.on('GET', '/agents/sessions/s1/poll', () => new Promise<Response>(() => undefined));
    const poll = client.api.http.longGet('/agents/sessions/s1/poll');
    await vi.waitFor(() => expect(fake.calls('GET', '/agents/sessions/s1/poll')).toHaveLength(1));
    await client.auth.logout();
    await expect(poll).rejects.toMatchObject({ message: 'Request cancelled - user logged out', code: 'LOGGED_OUT' });
  });

  it('refuses new calls while logging out', async () => {
    const client = await signedInClient(fake);
    const logoutReply = deferredReply();
    fake.on('POST', '/logout', () => logoutReply.reply);
    const loggingOut = client.auth.logout();
    expect(client.session.authState.status).toBe('LOGGING_OUT');
    await expect(client.api.http.get('/billing/plan')).rejects.toMatchObject({
      message: 'Cannot make API calls during logout',
      code: 'LOGGED_OUT',
    });
    logoutReply.resolve(json(204));
    await loggingOut;
  });

  it('refuses at once when signed out with no stored session', async () => {
    fake.on('GET', '/me', json(200, member));
    const client = await loadClient();
    await client.auth.initAuth();
    expect(client.session.authState.status).toBe('UNAUTHENTICATED');
    await expect(client.api.http.get('/billing/plan')).rejects.toMatchObject({
      message: 'Authentication required',
      code: 'UNAUTHORIZED',
    });
  });
});
