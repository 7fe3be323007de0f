/**
 * Several tabs share one session through localStorage. Each "tab" here is its own copy of the
 * client modules over the same jsdom storage; storage events are dispatched by hand because a
 * browser only delivers them to the other tabs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json, offContract, type FakeApi } from '../api/fake-api';
import { disposeClients, loadClient, member, recordAuthEvents, signedInClient, spaceA, spacesPage } from '../api/client-harness';

let fake: FakeApi;

beforeEach(() => {
  fake = installFakeApi();
});
afterEach(() => {
  disposeClients();
  vi.unstubAllGlobals();
});

/** Any signed-in GET would do: its answer is a placeholder, the session is under test. */
const placeholder = (body: unknown) => offContract('a placeholder answer', json(200, body));

function storageEvent(key: string, newValue: string | null, oldValue: string | null = null) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, oldValue, storageArea: localStorage }));
}

/**
 * A server with rotating refresh tokens: presenting an already-rotated refresh token revokes the
 * whole family, exactly what the single-rotator rule protects against.
 */
function rotatingServer(initialAccessValid: boolean) {
  let generation = 1;
  let revoked = false;
  const validAccess = () => (revoked ? null : initialAccessValid || generation > 1 ? `access-${generation}` : null);
  fake.on('POST', '/refresh', (request) => {
    const presented = (request.body as { refresh_token: string }).refresh_token;
    if (revoked || presented !== `refresh-${generation}`) {
      revoked = true;
      return json(401, { detail: 'Refresh token reuse detected' });
    }
    generation += 1;
    return json(200, { access_token: `access-${generation}`, refresh_token: `refresh-${generation}`, token_type: 'bearer' });
  });
  fake.on('GET', '/kb/documents', (request) =>
    request.headers.get('Authorization') === `Bearer ${validAccess()}` ? placeholder([]) : json(401, {}),
  );
  return { rotate: () => {
    generation += 1;
    return { access: `access-${generation}`, refresh: `refresh-${generation}` };
  }, wasRevoked: () => revoked };
}

describe('cross-tab session', () => {
  it('adopts tokens another tab rotated while the request was out, without calling /refresh', async () => {
    const tab = await signedInClient(fake);
    const server = rotatingServer(false);
    fake.on('GET', '/kb/documents', (request) => {
      if (request.headers.get('Authorization') === 'Bearer access-1') {
        // Meanwhile the other tab rotates and writes the new pair to shared storage.
        const { access, refresh } = server.rotate();
        localStorage.setItem('ma_access_token', access);
        localStorage.setItem('ma_refresh_token', refresh);
        storageEvent('ma_access_token', access, 'access-1');
        return json(401, { detail: 'Token expired' });
      }
      return placeholder({ by: request.headers.get('Authorization') });
    });
    await expect(tab.api.http.get('/kb/documents')).resolves.toEqual({ by: 'Bearer access-2' });
    expect(fake.calls('POST', '/refresh')).toHaveLength(0);
    expect(tab.session.authState.status).toBe('AUTHENTICATED');
  });

  it('two tabs hitting 401 together rotate once; the second adopts the first one’s tokens', async () => {
    const server = rotatingServer(true);
    const tabOne = await signedInClient(fake);
    const tabTwo = await loadClient();
    await tabTwo.auth.initAuth();
    // The access token expires for both tabs at once.
    fake.on('GET', '/kb/documents', (request) =>
      request.headers.get('Authorization') === 'Bearer access-2' ? placeholder([]) : json(401, {}),
    );
    const eventsOne = recordAuthEvents(tabOne);
    const eventsTwo = recordAuthEvents(tabTwo);
    await expect(
      Promise.all([tabOne.api.http.get('/kb/documents'), tabTwo.api.http.get('/kb/documents')]),
    ).resolves.toEqual([[], []]);
    expect(fake.calls('POST', '/refresh')).toHaveLength(1);
    expect(server.wasRevoked()).toBe(false);
    expect([eventsOne, eventsTwo]).toEqual([[], []]);
    expect(localStorage.getItem('ma_refresh_token')).toBe('refresh-2');
  });

  it('uses the Web Locks API when the browser has it', async () => {
    // A minimal exclusive lock manager standing in for the browser's navigator.locks.
    let tail: Promise<unknown> = Promise.resolve();
    const requested: string[] = [];
    const locks = {
      request: (name: string, _options: unknown, fn: () => Promise<unknown>) => {
        requested.push(name);
        const run = tail.then(fn);
        tail = run.catch(() => undefined);
        return run;
      },
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks }));
    const server = rotatingServer(true);
    const tabOne = await signedInClient(fake);
    const tabTwo = await loadClient();
    await tabTwo.auth.initAuth();
    fake.on('GET', '/kb/documents', (request) =>
      request.headers.get('Authorization') === 'Bearer access-2' ? placeholder([]) : json(401, {}),
    );
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    await Promise.all([tabOne.api.http.get('/kb/documents'), tabTwo.api.http.get('/kb/documents')]);
    expect(requested).toEqual(['mosaic-token-refresh', 'mosaic-token-refresh']);
    expect(fake.calls('POST', '/refresh')).toHaveLength(1);
    expect(server.wasRevoked()).toBe(false);
    expect(setItem.mock.calls.map(([key]) => key)).not.toContain('mosaic_refresh_lease');
    setItem.mockRestore();
  });

  it('waits for another tab holding the refresh lease and adopts what it stored', async () => {
    const tab = await signedInClient(fake);
    rotatingServer(false);
    fake.on('GET', '/kb/documents', (request) =>
      request.headers.get('Authorization') === 'Bearer access-2' ? placeholder(['doc']) : json(401, {}),
    );
    localStorage.setItem('mosaic_refresh_lease', JSON.stringify({ owner: 'other-tab', expires: Date.now() + 10_000 }));
    const pending = tab.api.http.get('/kb/documents');
    await vi.waitFor(() => expect(tab.session.authState.status).toBe('REFRESHING'));
    // The other tab finishes its rotation and releases the lease.
    localStorage.setItem('ma_access_token', 'access-2');
    localStorage.setItem('ma_refresh_token', 'refresh-2');
    localStorage.removeItem('mosaic_refresh_lease');
    await expect(pending).resolves.toEqual(['doc']);
    expect(fake.calls('POST', '/refresh')).toHaveLength(0);
  });

  it('a logout in another tab logs this tab out too', async () => {
    fake.on('GET', '/me', json(200, member));
    fake.on('GET', '/spaces/', json(200, spacesPage([spaceA])));
    const tab = await signedInClient(fake, { spaces: [spaceA] });
    const events = recordAuthEvents(tab);
    // The other tab's logout removed the shared keys.
    localStorage.clear();
    storageEvent('ma_access_token', null, 'access-1');
    expect(tab.session.authState).toMatchObject({ status: 'UNAUTHENTICATED', user: null });
    expect(tab.session.spacesState.spaces).toEqual([]);
    expect(events).toEqual([{ type: 'LOGOUT_COMPLETE' }]);
    expect(fake.calls('POST', '/logout')).toHaveLength(0);
  });

  it('ignores unrelated storage changes', async () => {
    const tab = await signedInClient(fake);
    storageEvent('sidebar-collapsed', null, 'true');
    storageEvent('ma_access_token', 'access-9', 'access-1');
    expect(tab.session.authState.status).toBe('AUTHENTICATED');
  });
});
