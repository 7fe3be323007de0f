import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json, offContract, type FakeApi } from '../api/fake-api';
import { disposeClients, loadClient, member, recordAuthEvents, signedInClient, spaceA, spaceB, systemAdmin, spacesPage } from '../api/client-harness';

let fake: FakeApi;

const session = (user = member) => ({ access_token: 'access-1', refresh_token: 'refresh-1', token_type: 'bearer', user });

beforeEach(() => {
  fake = installFakeApi();
});
afterEach(() => {
  disposeClients();
  vi.unstubAllGlobals();
});

describe('initAuth (spec 000 §4 Initialise)', () => {
  it('without stored tokens becomes UNAUTHENTICATED without calling the server', async () => {
    const client = await loadClient();
    await client.auth.initAuth();
    expect(client.session.authState).toMatchObject({ status: 'UNAUTHENTICATED', initialized: true, user: null });
    expect(fake.requests).toHaveLength(0);
  });

  it('with stored tokens loads the user and spaces, then AUTHENTICATED; a second call does nothing more', async () => {
    const client = await signedInClient(fake);
    await client.auth.initAuth();
    expect(client.session.authState).toMatchObject({ status: 'AUTHENTICATED', initialized: true, user: member });
    expect(client.session.spacesState.currentSpaceId).toBe('space-b');
    expect(JSON.parse(localStorage.getItem('ma_auth_user') ?? 'null')).toEqual(member);
    expect(fake.calls('GET', '/me')).toHaveLength(1);
  });

  it('does not initialise spaces for a system admin', async () => {
    const client = await signedInClient(fake, { user: systemAdmin });
    expect(client.session.authState.status).toBe('AUTHENTICATED');
    expect(fake.calls('GET', '/spaces/')).toHaveLength(0);
  });

  it('stays signed in when only the spaces fail (the router shows space-init-failed)', async () => {
    fake.on('GET', '/spaces/', json(500, { detail: 'Internal server error' }));
    localStorage.setItem('ma_access_token', 'access-1');
    localStorage.setItem('ma_refresh_token', 'refresh-1');
    fake.on('GET', '/me', json(200, member));
    const client = await loadClient();
    await client.auth.initAuth();
    expect(client.session.authState.status).toBe('AUTHENTICATED');
    expect(client.session.spacesState).toMatchObject({ initialized: false, error: 'Internal server error' });
  });

  it('rotates once when /me says the access token expired', async () => {
    localStorage.setItem('ma_access_token', 'old');
    localStorage.setItem('ma_refresh_token', 'refresh-1');
    fake.on('GET', '/me', (r) => (r.headers.get('Authorization') === 'Bearer access-2' ? json(200, member) : json(401, {})));
    fake.on('POST', '/refresh', json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' }));
    fake.on('GET', '/spaces/', json(200, spacesPage([spaceA])));
    const client = await loadClient();
    await client.auth.initAuth();
    expect(client.session.authState.status).toBe('AUTHENTICATED');
    expect(localStorage.getItem('ma_refresh_token')).toBe('refresh-2');
  });

  it('clears the tokens when the stored session is rejected', async () => {
    localStorage.setItem('ma_access_token', 'old');
    localStorage.setItem('ma_refresh_token', 'refresh-1');
    fake.on('GET', '/me', json(401, { detail: 'Token expired' }));
    fake.on('POST', '/refresh', json(401, { detail: 'Refresh token expired' }));
    const client = await loadClient();
    await client.auth.initAuth();
    expect(client.session.authState).toMatchObject({ status: 'UNAUTHENTICATED', initialized: true, error: null });
    expect(localStorage.getItem('ma_access_token')).toBeNull();
    expect(localStorage.getItem('ma_refresh_token')).toBeNull();
  });

  it("starts offline on the device's copy when the server cannot be reached, records 'Network error during authentication', and keeps the tokens", async () => {
    localStorage.setItem('ma_access_token', 'access-1');
    localStorage.setItem('ma_refresh_token', 'refresh-1');
    localStorage.setItem('ma_auth_user', JSON.stringify(member));
    localStorage.setItem('currentSpaceId', 'space-b');
    fake.on('GET', '/me', () => Promise.reject(new TypeError('Failed to fetch')));
    fake.on('GET', '/spaces/', json(200, spacesPage([spaceA, spaceB])));
    const client = await loadClient();
    const resets: string[] = [];
    client.session.onSessionReset(() => void resets.push('wiped'));
    await client.auth.initAuth();
    expect(client.session.authState).toMatchObject({
      status: 'AUTHENTICATED',
      initialized: true,
      user: member,
      error: 'Network error during authentication',
    });
    expect(client.session.spacesState.currentSpaceId).toBe('space-b');
    expect(localStorage.getItem('ma_access_token')).toBe('access-1');
    expect(localStorage.getItem('ma_refresh_token')).toBe('refresh-1');
    // The device's data stays too: nothing was reset.
    expect(resets).toEqual([]);
  });

  it.each([
    ['a 5xx', () => json(503, { detail: 'Service unavailable' })],
    ['a refresh that cannot reach the server', () => json(401, { detail: 'Token expired' })],
  ])('keeps the session through %s at start-up', async (_what, me) => {
    localStorage.setItem('ma_access_token', 'access-1');
    localStorage.setItem('ma_refresh_token', 'refresh-1');
    localStorage.setItem('ma_auth_user', JSON.stringify(member));
    fake.on('GET', '/me', me());
    fake.on('POST', '/refresh', () => Promise.reject(new TypeError('Failed to fetch')));
    fake.on('GET', '/spaces/', json(200, spacesPage([spaceA])));
    const client = await loadClient();
    await client.auth.initAuth();
    expect(client.session.authState).toMatchObject({ status: 'AUTHENTICATED', user: member });
    expect(localStorage.getItem('ma_access_token')).toBe('access-1');
    expect(localStorage.getItem('ma_refresh_token')).toBe('refresh-1');
  });

  it('keeps the tokens but shows nobody when the device saved no user and the server cannot be reached', async () => {
    localStorage.setItem('ma_access_token', 'access-1');
    fake.on('GET', '/me', () => Promise.reject(new TypeError('Failed to fetch')));
    const client = await loadClient();
    await client.auth.initAuth();
    expect(client.session.authState).toMatchObject({ status: 'UNAUTHENTICATED', user: null });
    expect(localStorage.getItem('ma_access_token')).toBe('access-1');
  });
});

describe('login and registration', () => {
  it('login stores tokens and user, initialises spaces, then AUTHENTICATED', async () => {
    fake.on('POST', '/login', json(200, session()));
    fake.on('GET', '/spaces/', json(200, spacesPage([spaceA, spaceB])));
    const client = await loadClient();
    const statuses: string[] = [];
    client.session.onAuthStatusChange((s) => statuses.push(s));
    await expect(client.auth.login('ana@acme.test', 'correct horse')).resolves.toEqual(member);
    expect(fake.calls('POST', '/login')[0]?.body).toEqual({ email: 'ana@acme.test', password: 'correct horse' });
    expect(statuses).toEqual(['UNAUTHENTICATED', 'AUTHENTICATED']);
    expect(localStorage.getItem('ma_access_token')).toBe('access-1');
    expect(localStorage.getItem('ma_refresh_token')).toBe('refresh-1');
    expect(client.session.spacesState.currentSpaceId).toBe('space-b');
    expect(client.session.authState.user).toEqual(member);
  });

  it('login failure shows the server detail, else "Login failed"', async () => {
    const client = await loadClient();
    fake.on('POST', '/login', json(401, { detail: 'Incorrect email or password' }));
    await expect(client.auth.login('a@b.test', 'x')).rejects.toThrow('Incorrect email or password');
    expect(client.session.authState.error).toBe('Incorrect email or password');
    fake.on('POST', '/login', () => Promise.reject(new TypeError('offline')));
    await expect(client.auth.login('a@b.test', 'x')).rejects.toThrow('Login failed');
    fake.on('POST', '/login', offContract('a broken server answer', json(200, { access_token: 'a' })));
    await expect(client.auth.login('a@b.test', 'x')).rejects.toThrow('Login failed');
    expect(localStorage.getItem('ma_access_token')).toBeNull();
  });

  it("fails with 'Failed to initialize spaces after login' and keeps no session when spaces fail", async () => {
    fake.on('POST', '/login', json(200, session()));
    fake.on('GET', '/spaces/', json(403, { detail: 'Forbidden' }));
    fake.on('POST', '/logout', json(204));
    const client = await loadClient();
    await expect(client.auth.login('ana@acme.test', 'pw')).rejects.toThrow('Failed to initialize spaces after login');
    expect(client.session.authState).toMatchObject({
      status: 'UNAUTHENTICATED',
      user: null,
      error: 'Failed to initialize spaces after login',
    });
    expect(localStorage.getItem('ma_access_token')).toBeNull();
  });

  it('register signs in; failures fall back to "Registration failed"', async () => {
    const input = { email: 'ana@acme.test', password: 'long enough', name: 'Ana', org_name: 'Acme' };
    const client = await loadClient();
    fake.on('POST', '/register', () => Promise.reject(new TypeError('offline')));
    await expect(client.auth.register(input)).rejects.toThrow('Registration failed');
    fake.on('POST', '/register', json(409, { detail: 'An account with this email already exists' }));
    await expect(client.auth.register(input)).rejects.toThrow('An account with this email already exists');
    fake.on('POST', '/register', json(201, session()));
    fake.on('GET', '/spaces/', json(200, spacesPage([spaceA])));
    await expect(client.auth.register(input)).resolves.toEqual(member);
    expect(fake.calls('POST', '/register')[2]?.body).toEqual(input);
    expect(client.session.authState.status).toBe('AUTHENTICATED');
  });

  it('register with join_existing returns the message and starts no session', async () => {
    const message = 'Your request to join Acme has been sent. An owner or admin must approve it before you can sign in.';
    fake.on('POST', '/register/with-domain', json(202, { message }));
    const client = await loadClient();
    await client.auth.initAuth();
    const result = await client.auth.registerWithDomain({
      email: 'bo@acme.test',
      password: 'long enough',
      name: 'Bo',
      choice: 'join_existing',
    });
    expect(result).toEqual({ message });
    expect(client.session.authState).toMatchObject({ status: 'UNAUTHENTICATED', user: null });
    expect(localStorage.getItem('ma_access_token')).toBeNull();
  });

  it('register with create_new signs in like register', async () => {
    fake.on('POST', '/register/with-domain', json(201, session()));
    fake.on('GET', '/spaces/', json(200, spacesPage([spaceA])));
    const client = await loadClient();
    const result = await client.auth.registerWithDomain({
      email: 'bo@acme.test',
      password: 'long enough',
      name: 'Bo',
      choice: 'create_new',
      org_name: 'Acme 2',
    });
    expect(result).toEqual({ user: member });
    expect(client.session.authState.status).toBe('AUTHENTICATED');
  });

  it('checkEmailDomain returns the answer, and false on any error', async () => {
    const client = await loadClient();
    fake.on('GET', '/register/check-domain', json(200, { has_existing_org: true, organization_name: 'Acme' }));
    await expect(client.auth.checkEmailDomain('bo@acme.test')).resolves.toEqual({
      has_existing_org: true,
      organization_name: 'Acme',
    });
    expect(fake.calls('GET', '/register/check-domain')[0]?.path).toBe('/register/check-domain?email=bo%40acme.test');
    fake.on('GET', '/register/check-domain', json(422, { detail: 'Validation error' }));
    await expect(client.auth.checkEmailDomain('nope')).resolves.toEqual({ has_existing_org: false });
  });
});

describe('logout', () => {
  it('revokes on the server, removes every ma_ key and currentSpaceId, resets stores, emits LOGOUT_COMPLETE', async () => {
    const client = await signedInClient(fake);
    fake.on('POST', '/logout', json(204));
    const events = recordAuthEvents(client);
    const resets: string[] = [];
    client.session.onSessionReset(() => void resets.push('feature store'));
    expect(localStorage.getItem('currentSpaceId')).toBe('space-b');
    await client.auth.logout();
    expect(fake.calls('POST', '/logout')[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    const left = Object.keys(localStorage).filter((k) => k.startsWith('ma_') || k === 'currentSpaceId');
    expect(left).toEqual([]);
    expect(client.session.authState).toMatchObject({ status: 'UNAUTHENTICATED', user: null });
    expect(client.session.spacesState).toMatchObject({ spaces: [], currentSpaceId: null, initialized: false });
    expect(resets).toEqual(['feature store']);
    expect(events).toEqual([{ type: 'LOGOUT_COMPLETE' }]);
  });

  it('still logs out locally when the server call fails', async () => {
    const client = await signedInClient(fake);
    fake.on('POST', '/logout', () => Promise.reject(new TypeError('offline')));
    const events = recordAuthEvents(client);
    await client.auth.logout();
    expect(localStorage.getItem('ma_refresh_token')).toBeNull();
    expect(events).toEqual([{ type: 'LOGOUT_COMPLETE' }]);
  });

  it('logout and expiry remove the ma_ keys of features whose code never loaded, and keep device preferences', async () => {
    for (const end of ['logout', 'expiry'] as const) {
      const client = await signedInClient(fake);
      fake.on('POST', '/logout', json(204));
      // Left by an earlier visit's GA4 dashboard; the GA4 code is not loaded in this one.
      localStorage.setItem('ma_ga4_selected_property:space-b', 'properties/123');
      localStorage.setItem('ma_notifications_opt_in', 'true');
      localStorage.setItem('mosaic.sidebar.collapsed', 'true');
      if (end === 'logout') await client.auth.logout();
      else client.session.forceLogout();
      expect(Object.keys(localStorage).filter((k) => k.startsWith('ma_'))).toEqual([]);
      expect(localStorage.getItem('mosaic.sidebar.collapsed')).toBe('true');
      localStorage.clear();
      disposeClients();
    }
  });

  it('forceLogout ends the session without a server call and emits SESSION_EXPIRED with the current path', async () => {
    const client = await signedInClient(fake);
    const events = recordAuthEvents(client);
    history.replaceState(null, '', '/agents?tab=mine');
    client.session.forceLogout();
    client.session.forceLogout();
    history.replaceState(null, '', '/');
    expect(events).toEqual([{ type: 'SESSION_EXPIRED', redirect: '/agents?tab=mine' }]);
    expect(fake.calls('POST', '/logout')).toHaveLength(0);
    expect(localStorage.getItem('ma_access_token')).toBeNull();
    expect(client.session.authState.status).toBe('UNAUTHENTICATED');
  });
});
