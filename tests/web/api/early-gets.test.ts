import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json, offContract, type FakeApi } from './fake-api';
import { disposeClients, signedInClient } from './client-harness';

let fake: FakeApi;
const PATH = '/kb/documents';

beforeEach(() => {
  fake = installFakeApi();
  // Any space-scoped GET and write would do: the bodies are placeholders, the request layer is under test.
  fake.on('GET', PATH, offContract('a placeholder answer', json(200, [])));
  fake.on('POST', '/kb/hashes/check', offContract('a placeholder write', json(200, { non_existing_hashes: [] })));
});
afterEach(() => {
  disposeClients();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const served = () => fake.calls('GET', PATH).length;

describe('GETs started early (src/api/early-gets.ts)', () => {
  it('a plain GET takes the answer of the same GET started early, once', async () => {
    const client = await signedInClient(fake);
    client.api.http.startEarly([PATH]);
    // It goes at once, before anyone asks for it.
    await vi.waitFor(() => expect(served()).toBe(1));
    await expect(client.api.http.get(PATH)).resolves.toEqual([]);
    expect(served()).toBe(1);
    // The next one asks the server: an early answer is for the screen that opens, not a cache.
    await client.api.http.get(PATH);
    expect(served()).toBe(2);
  });

  it('starting the same GET twice sends it once', async () => {
    const client = await signedInClient(fake);
    client.api.http.startEarly([PATH]);
    client.api.http.startEarly([PATH]);
    await client.api.http.get(PATH);
    expect(served()).toBe(1);
  });

  it('is not taken in another space', async () => {
    const client = await signedInClient(fake);
    client.api.http.startEarly([PATH]);
    client.spaces.switchSpace('space-a');
    await client.api.http.get(PATH);
    expect(served()).toBe(2);
    expect(fake.calls('GET', PATH)[1]?.headers.get('X-Space-Id')).toBe('space-a');
  });

  it('is not taken after the app wrote something, which may have changed the answer', async () => {
    const client = await signedInClient(fake);
    client.api.http.startEarly([PATH]);
    await client.api.http.post('/kb/hashes/check', { hashes: ['a'] });
    await client.api.http.get(PATH);
    expect(served()).toBe(2);
  });

  it('is not taken once it is older than the limit', async () => {
    const client = await signedInClient(fake);
    vi.useFakeTimers({ toFake: ['Date'] });
    client.api.http.startEarly([PATH]);
    vi.setSystemTime(Date.now() + client.api.EARLY_GET_MAX_AGE_MS + 1);
    await client.api.http.get(PATH);
    expect(served()).toBe(2);
  });

  it('is not taken by a GET with options (a query, a signal, a time-out)', async () => {
    const client = await signedInClient(fake);
    client.api.http.startEarly([PATH]);
    await client.api.http.get(PATH, { signal: new AbortController().signal });
    expect(served()).toBe(2);
  });

  it('is not taken after the session was reset (logout, expiry)', async () => {
    const client = await signedInClient(fake);
    fake.on('GET', '/health', json(200, { status: 'ok' }));
    client.api.http.startEarly(['/health']);
    await client.session.runSessionResets();
    await client.api.http.get('/health');
    expect(fake.calls('GET', '/health')).toHaveLength(2);
  });

  it('a failed early GET fails the call that takes it, with the same error', async () => {
    const client = await signedInClient(fake);
    fake.on('GET', PATH, json(500, { detail: 'Database unavailable' }));
    client.api.http.startEarly([PATH]);
    await expect(client.api.http.get(PATH)).rejects.toMatchObject({ name: 'ApiError' });
    expect(served()).toBe(1);
  });
});
