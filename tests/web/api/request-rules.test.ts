import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json, offContract, type FakeApi } from './fake-api';
import { disposeClients, loadClient, signedInClient, type Client } from './client-harness';

let fake: FakeApi;

beforeEach(() => {
  fake = installFakeApi();
});
afterEach(() => {
  disposeClients();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('request headers (spec 000 §7)', () => {
  it('every call carries request id, client route, timestamp, bearer token and space id', async () => {
    const client = await signedInClient(fake);
    fake.on('GET', '/kb/documents', json(200, { documents: [], total: 0, next_cursor: null }));
    history.replaceState(null, '', '/knowledge-base?tab=all');
    const before = Date.now();
    await client.api.http.get('/kb/documents');
    await client.api.http.get('/kb/documents');
    const [first, second] = fake.calls('GET', '/kb/documents');
    expect(first?.headers.get('X-Request-ID')).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.headers.get('X-Request-ID')).not.toBe(second?.headers.get('X-Request-ID'));
    expect(first?.headers.get('X-Client-Route')).toBe('/knowledge-base?tab=all');
    const stamp = Date.parse(first?.headers.get('X-Client-Timestamp') ?? '');
    expect(stamp).toBeGreaterThanOrEqual(before - 1);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    expect(first?.headers.get('Authorization')).toBe('Bearer access-1');
    // The default space of the list is chosen on initialisation.
    expect(first?.headers.get('X-Space-Id')).toBe('space-b');
  });

  it('sends no bearer or space header when there is none, and none on /login', async () => {
    const client = await loadClient();
    fake.on('GET', '/health', json(200, { status: 'ok' }));
    fake.on('POST', '/login', json(401, { detail: 'Incorrect email or password' }));
    await client.api.http.get('/health');
    await client.auth.login('a@b.test', 'wrong-password').catch(() => undefined);
    for (const request of [...fake.calls('GET', '/health'), ...fake.calls('POST', '/login')]) {
      expect(request.headers.get('Authorization')).toBeNull();
      expect(request.headers.get('X-Space-Id')).toBeNull();
      expect(request.headers.get('X-Request-ID')).toBeTruthy();
    }
  });

  it('encodes query parameters, skipping undefined ones, and sends JSON bodies', async () => {
    const client = await signedInClient(fake);
    // Placeholder query and body: how the request layer encodes them is under test, not the knowledge base.
    fake.on('GET', '/kb/search', offContract('a placeholder query', json(200, { contexts: [] })));
    fake.on('POST', '/kb/hashes/check', offContract('a placeholder body', json(200, { non_existing_hashes: [] })));
    await client.api.http.get('/kb/search', { query: { query: 'brand & voice', limit: 5, category: undefined } });
    await client.api.http.post('/kb/hashes/check', { hashes: ['a'] });
    expect(fake.calls('GET', '/kb/search')[0]?.path).toBe('/kb/search?query=brand+%26+voice&limit=5');
    const post = fake.calls('POST', '/kb/hashes/check')[0];
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.body).toEqual({ hashes: ['a'] });
  });
});

describe('space context rule (spec 000 §5)', () => {
  async function clientWithoutSpaces(): Promise<Client> {
    return signedInClient(fake, { spaces: [] });
  }

  it('refuses a space-scoped call without a current space, before sending anything', async () => {
    const client = await clientWithoutSpaces();
    await expect(client.api.http.get('/kb/documents')).rejects.toMatchObject({
      message:
        'Space context required for /kb/documents but no space ID available. Please ensure spaces are initialized before making this request.',
      code: 'SPACE_CONTEXT_REQUIRED',
    });
    expect(fake.calls('GET', '/kb/documents')).toHaveLength(0);
  });

  it.each([
    ['GET', '/me'],
    ['GET', '/health'],
    ['GET', '/spaces/'],
    ['GET', '/spaces/space-a/members'],
    ['POST', '/spaces/'],
    ['GET', '/register/check-domain'],
    ['POST', '/auth/ping'],
  ])('%s %s is exempt', async (method, path) => {
    const client = await clientWithoutSpaces();
    fake.on(method, path, () => offContract('only the space-context exemption is under test', json(200, {})));
    const call = method === 'GET' ? client.api.http.get(path) : client.api.http.post(path, {});
    await expect(call).resolves.toEqual({});
  });
});

describe('time-outs (spec 000 §9)', () => {
  it('has no default time-out; longGet gives up after 2,100,000 ms with a keep-alive hint', async () => {
    const client = await signedInClient(fake);
    fake.on('GET', '/agents/sessions/s1/poll', () => new Promise<Response>(() => undefined));
    vi.useFakeTimers();
    const plain = client.api.http.get('/agents/sessions/s1/poll');
    const long = client.api.http.longGet('/agents/sessions/s1/poll');
    const outcome = { plain: 'pending', long: 'pending' };
    plain.catch(() => (outcome.plain = 'failed'));
    long.catch((e: { code: string }) => (outcome.long = e.code));
    await vi.advanceTimersByTimeAsync(2_099_999);
    expect(outcome).toEqual({ plain: 'pending', long: 'pending' });
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toEqual({ plain: 'pending', long: 'TIMEOUT_ERROR' });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(outcome.plain).toBe('pending');
    expect(fake.calls('GET', '/agents/sessions/s1/poll')[1]?.headers.get('Keep-Alive')).toBe('timeout=2400');
  });
});
