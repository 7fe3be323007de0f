import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredReply, installFakeApi, json, offContract, type FakeApi } from '../api/fake-api';
import { disposeClients, loadClient, signedInClient, spaceA, spaceB, type Client, spacesPage } from '../api/client-harness';
import type { Space } from '../../../src/contract/spaces';

let fake: FakeApi;

const spaceC: Space = { id: 'space-c', name: 'Gamma', slug: 'gamma', description: null, is_default: false };

beforeEach(() => {
  fake = installFakeApi();
});
afterEach(() => {
  disposeClients();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function recordSpacesEvents(client: Client) {
  const seen: Array<[string, unknown]> = [];
  client.session.onSpacesEvent('spaces-ready', (d) => seen.push(['spaces-ready', d]));
  client.session.onSpacesEvent('spaces-error', (d) => seen.push(['spaces-error', d]));
  client.session.onSpacesEvent('space-switched', (d) => seen.push(['space-switched', d]));
  return seen;
}

describe('initSpaces: choosing the current space', () => {
  it.each([
    ['the saved id when still listed', 'space-c', [spaceA, spaceB, spaceC], 'space-c'],
    ['the default space when the saved id is gone', 'space-x', [spaceA, spaceB, spaceC], 'space-b'],
    ['the first space when none is default', null, [spaceA, spaceC], 'space-a'],
  ])('picks %s', async (_label, saved, list, expected) => {
    if (saved) localStorage.setItem('currentSpaceId', saved);
    fake.on('GET', '/spaces/', json(200, spacesPage(list)));
    const client = await loadClient();
    const events = recordSpacesEvents(client);
    await client.spaces.initSpaces();
    expect(client.session.spacesState).toMatchObject({
      spaces: list,
      currentSpaceId: expected,
      initialized: true,
      initializing: false,
      loading: false,
      error: null,
    });
    expect(localStorage.getItem('currentSpaceId')).toBe(expected);
    expect(client.spaces.getCurrentSpace()?.id).toBe(expected);
    expect(events).toEqual([['spaces-ready', { spaces: list, currentSpaceId: expected }]]);
  });

  it('accepts the plain array list shape', async () => {
    fake.on('GET', '/spaces/', offContract('the spec\'s other list shape, which the client still reads', json(200, [spaceA])));
    const client = await loadClient();
    await client.spaces.initSpaces();
    expect(client.session.spacesState.spaces).toEqual([spaceA]);
  });

  it('reads every page of a long list, so the saved space on a later page is still the current one', async () => {
    localStorage.setItem('currentSpaceId', 'space-c');
    fake.on('GET', '/spaces/', (request) =>
      new URLSearchParams(request.path.split('?')[1]).get('cursor') === 'after-beta' ? json(200, spacesPage([spaceC])) : json(200, spacesPage([spaceB, spaceA], 'after-beta')),
    );
    const client = await loadClient();
    await client.spaces.initSpaces();
    expect(fake.calls('GET', '/spaces/').map((request) => request.path)).toEqual(['/spaces/', '/spaces/?cursor=after-beta']);
    expect(client.session.spacesState).toMatchObject({ spaces: [spaceB, spaceA, spaceC], currentSpaceId: 'space-c', initialized: true, error: null });
  });

  it('stops at a server that answers the same page again, with the malformed-list error', async () => {
    fake.on('GET', '/spaces/', () => json(200, spacesPage([spaceB], 'same')));
    const client = await loadClient();
    await expect(client.spaces.initSpaces()).rejects.toThrow('Failed to initialize spaces: Invalid response from server: malformed spaces list');
    expect(fake.calls('GET', '/spaces/')).toHaveLength(2);
    expect(client.session.spacesState).toMatchObject({ spaces: [], initialized: false });
  });

  it("an empty list is initialised with error 'No spaces available'", async () => {
    fake.on('GET', '/spaces/', json(200, spacesPage([])));
    const client = await loadClient();
    const events = recordSpacesEvents(client);
    await client.spaces.initSpaces();
    expect(client.session.spacesState).toMatchObject({ initialized: true, currentSpaceId: null, error: 'No spaces available' });
    expect(events).toEqual([['spaces-ready', { spaces: [], currentSpaceId: null, error: 'No spaces available' }]]);
  });

  it('runs once: concurrent callers share the run, later calls are skipped', async () => {
    const reply = deferredReply();
    fake.on('GET', '/spaces/', () => reply.reply);
    const client = await loadClient();
    const first = client.spaces.initSpaces();
    const second = client.spaces.initSpaces();
    expect(client.session.spacesState).toMatchObject({ initializing: true, loading: true });
    reply.resolve(json(200, spacesPage([spaceA])));
    await Promise.all([first, second]);
    await client.spaces.initSpaces();
    expect(fake.calls('GET', '/spaces/')).toHaveLength(1);
  });
});

describe('initSpaces: failures (spec 000 §8)', () => {
  it.each([
    ['network', () => Promise.reject(new TypeError('Failed to fetch')), 'Network error while loading spaces. Please check your connection and try again.'],
    ['403', () => json(403, { detail: 'Forbidden' }), 'Access denied. You may not have permission to access any spaces in this organization.'],
    ['404', () => json(404, { detail: 'Not found' }), 'No spaces found. Contact your administrator to create a space.'],
    ['500 with a server message', () => json(500, { message: 'Database unavailable' }), 'Database unavailable'],
    ['503 without a body', () => json(503), 'Server error'],
    ['a malformed list', () => offContract('a broken server answer', json(200, { spaces: 'nope' })), 'Invalid response from server: malformed spaces list'],
  ])('%s', async (_label, reply, message) => {
    localStorage.setItem('currentSpaceId', 'space-a');
    fake.on('GET', '/spaces/', reply);
    const client = await loadClient();
    const events = recordSpacesEvents(client);
    await expect(client.spaces.initSpaces()).rejects.toThrow(`Failed to initialize spaces: ${message}`);
    expect(client.session.spacesState).toMatchObject({
      spaces: [],
      initialized: false,
      initializing: false,
      loading: false,
      error: message,
    });
    expect(events).toEqual([['spaces-error', { error: message }]]);
  });

  it("401 that cannot be recovered reads 'Authentication expired. Please log in again.'", async () => {
    const client = await signedInClient(fake, { spaces: [spaceA] });
    fake.on('POST', '/refresh', json(401, {}));
    client.spaces.resetSpaces();
    fake.on('GET', '/spaces/', json(401, {}));
    await expect(client.spaces.initSpaces()).rejects.toThrow('Authentication expired. Please log in again.');
  });

  it('gives up after 10 seconds', async () => {
    vi.useFakeTimers();
    fake.on('GET', '/spaces/', () => new Promise<Response>(() => undefined));
    const client = await loadClient();
    const outcome = client.spaces.initSpaces().then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(client.session.spacesState.initializing).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('Failed to initialize spaces: Spaces API call timeout after 10 seconds');
    expect(client.session.spacesState).toMatchObject({ initializing: false, error: 'Spaces API call timeout after 10 seconds' });
  });

  it('retrySpaces clears the error and loads again', async () => {
    fake.on('GET', '/spaces/', json(500, {}));
    const client = await loadClient();
    await client.spaces.initSpaces().catch(() => undefined);
    fake.on('GET', '/spaces/', json(200, spacesPage([spaceA])));
    await client.spaces.retrySpaces();
    expect(client.session.spacesState).toMatchObject({ initialized: true, error: null, currentSpaceId: 'space-a' });
  });
});

describe('switch, create, reset, forced set', () => {
  it('switchSpace refuses unknown ids and otherwise saves, reloads features and announces', async () => {
    const client = await signedInClient(fake);
    const events = recordSpacesEvents(client);
    const reloaded: string[] = [];
    client.session.onSpaceSwitch((space) => void reloaded.push(space.id));
    expect(client.spaces.switchSpace('space-x')).toBe(false);
    expect(client.session.spacesState.currentSpaceId).toBe('space-b');
    expect(client.spaces.switchSpace('space-a')).toBe(true);
    expect(client.session.spacesState.currentSpaceId).toBe('space-a');
    expect(localStorage.getItem('currentSpaceId')).toBe('space-a');
    expect(reloaded).toEqual(['space-a']);
    expect(events).toEqual([['space-switched', { spaceId: 'space-a', space: spaceA }]]);
    fake.on('GET', '/kb/documents', json(200, { documents: [], total: 0, next_cursor: null }));
    await client.api.http.get('/kb/documents');
    expect(fake.calls('GET', '/kb/documents')[0]?.headers.get('X-Space-Id')).toBe('space-a');
  });

  it('createSpace posts, appends and switches to the new space', async () => {
    const client = await signedInClient(fake);
    fake.on('POST', '/spaces/', json(201, spaceC));
    await expect(client.spaces.createSpace({ name: 'Gamma', slug: 'gamma', description: '  ' })).resolves.toEqual(spaceC);
    expect(fake.calls('POST', '/spaces/')[0]?.body).toEqual({ name: 'Gamma', slug: 'gamma' });
    expect(client.session.spacesState.spaces.map((s) => s.id)).toEqual(['space-a', 'space-b', 'space-c']);
    expect(client.session.spacesState.currentSpaceId).toBe('space-c');
  });

  it.each([
    ['a response without an id', () => offContract('a broken server answer', json(201, { name: 'Gamma' })), 'Invalid response from server: missing space data'],
    ['errorMessage', () => json(400, { errorMessage: 'Quota reached' }), 'Quota reached'],
    ['message', () => json(400, { message: 'Name taken' }), 'Name taken'],
    ['error', () => json(400, { error: 'Bad slug' }), 'Bad slug'],
    ['the error itself', () => json(409, { detail: 'A space with this slug already exists' }), 'A space with this slug already exists'],
    ['the catalogue', () => json(403, { detail: 'Only organisation owners and admins can create spaces' }), 'Access denied to this space. Contact your administrator for access.'],
  ])('createSpace failure uses %s, stores it and keeps the list', async (_label, reply, message) => {
    const client = await signedInClient(fake);
    fake.on('POST', '/spaces/', reply);
    await expect(client.spaces.createSpace({ name: 'Gamma', slug: 'gamma' })).rejects.toThrow(message);
    expect(client.session.spacesState.error).toBe(message);
    expect(client.session.spacesState.spaces).toHaveLength(2);
    expect(client.session.spacesState.currentSpaceId).toBe('space-b');
  });

  it('resetSpaces clears the state and the saved id', async () => {
    const client = await signedInClient(fake);
    client.spaces.resetSpaces();
    expect(client.session.spacesState).toEqual({
      spaces: [],
      currentSpaceId: null,
      loading: false,
      error: null,
      initializing: false,
      initialized: false,
    });
    expect(localStorage.getItem('currentSpaceId')).toBeNull();
  });

  it('a load that finishes after a reset does not revive the old list, and its caller is told', async () => {
    const reply = deferredReply();
    fake.on('GET', '/spaces/', () => reply.reply);
    const client = await loadClient();
    const run = client.spaces.initSpaces();
    client.spaces.resetSpaces();
    reply.resolve(json(200, spacesPage([spaceA])));
    await expect(run).rejects.toThrow('Failed to initialize spaces: Spaces were reset while loading');
    expect(client.session.spacesState).toMatchObject({ spaces: [], initialized: false, initializing: false });
  });

  it('setSpacesForced replaces the list, picks the given id or the default, and announces ready', async () => {
    const client = await loadClient();
    const events = recordSpacesEvents(client);
    client.spaces.setSpacesForced([spaceA, spaceB], 'space-a');
    expect(client.session.spacesState).toMatchObject({ currentSpaceId: 'space-a', initialized: true });
    client.spaces.setSpacesForced([spaceA, spaceB, spaceC]);
    expect(client.session.spacesState.currentSpaceId).toBe('space-b');
    expect(localStorage.getItem('currentSpaceId')).toBe('space-b');
    expect(events.map(([name]) => name)).toEqual(['spaces-ready', 'spaces-ready']);
  });
});
