import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, offContract, type FakeApi } from './fake-api';
import { disposeClientsAndGlobals, freshSignedInClient, type Client } from './client-harness';

let fake: FakeApi;
let client: Client;

beforeEach(async () => {
  ({ fake, client } = await freshSignedInClient());
});
afterEach(disposeClientsAndGlobals);

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(client.api.ApiError);
  return error as InstanceType<Client['api']['ApiError']>;
}

describe('error catalogue (spec 000 §8)', () => {
  it.each([
    [403, { detail: 'Not allowed' }, 'Permission denied', 'FORBIDDEN'],
    [403, { detail: 'You have no access to this space' }, 'Access denied to this space. Contact your administrator for access.', 'FORBIDDEN'],
    [404, { detail: 'Nothing here' }, 'Resource not found', 'NOT_FOUND'],
    [404, { detail: 'Space not found' }, 'Current space not found. Please refresh the page or contact support.', 'NOT_FOUND'],
    [404, { detail: 'Agent not found' }, 'Agent not available in your current space', 'NOT_FOUND'],
    [422, { detail: 'Validation error', errors: [{ field: 'name', message: 'Required' }] }, 'Validation error', 'VALIDATION_ERROR'],
    [429, { detail: 'Too many requests' }, 'Too many requests', 'RATE_LIMITED'],
    [500, { detail: 'Internal server error' }, 'Internal server error', 'INTERNAL_ERROR'],
    [409, { detail: 'A space with this slug already exists' }, 'A space with this slug already exists', 'HTTP_ERROR'],
    [418, { message: 'I am a teapot' }, 'I am a teapot', 'HTTP_ERROR'],
    [400, { error: 'Bad thing' }, 'Bad thing', 'HTTP_ERROR'],
    [502, undefined, 'Server error', 'HTTP_ERROR'],
  ])('%i %j → %s (%s), with status and raw body', async (status, body, message, code) => {
    fake.on('GET', '/kb/documents', json(status, body));
    const error = await failureOf(client.api.http.get('/kb/documents'));
    expect(error.message).toBe(message);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.details).toEqual(body ?? null);
  });

  it('exposes 422 field errors from the body', async () => {
    // The slug sent is one the server's schema refuses: the 422 it answers is the point.
    fake.on('POST', '/spaces/', offContract('a body the server refuses', json(422, { detail: 'Validation error', errors: [{ field: 'slug', message: 'Invalid slug' }] })));
    const error = await failureOf(client.api.http.post('/spaces/', { name: 'x', slug: 'X' }));
    expect(error.fieldErrors).toEqual([{ field: 'slug', message: 'Invalid slug' }]);
  });

  it('401 → UNAUTHORIZED "Authentication required"', async () => {
    fake.on('GET', '/me', json(401, { detail: 'Token expired' }));
    const error = await failureOf(client.api.http.get('/me'));
    expect([error.message, error.code, error.status]).toEqual(['Authentication required', 'UNAUTHORIZED', 401]);
  });

  it('401 on a GA4 integration path → GA4_OAUTH_EXPIRED and the session stays signed in', async () => {
    fake.on('GET', '/integrations/ga4/accounts', json(401, { detail: 'Google token expired' }));
    const error = await failureOf(client.api.http.get('/integrations/ga4/accounts'));
    expect(error.message).toBe('Google Analytics authentication expired. Please reconnect your Google account.');
    expect(error.code).toBe('GA4_OAUTH_EXPIRED');
    expect(fake.calls('POST', '/refresh')).toHaveLength(0);
    expect(client.session.authState.status).toBe('AUTHENTICATED');
    expect(localStorage.getItem('ma_access_token')).toBe('access-1');
  });

  it('401 on a GA4 path for an expired Mosaic token (TOKEN_EXPIRED) refreshes the session and retries', async () => {
    let accountsCalls = 0;
    fake.on('GET', '/integrations/ga4/accounts', () =>
      ++accountsCalls === 1 ? json(401, { detail: 'Token expired', code: 'TOKEN_EXPIRED' }) : json(200, { accounts: [] }),
    );
    fake.on('POST', '/refresh', json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' }));
    await expect(client.api.http.get('/integrations/ga4/accounts')).resolves.toEqual({ accounts: [] });
    expect(fake.calls('POST', '/refresh')).toHaveLength(1);
    expect(localStorage.getItem('ma_access_token')).toBe('access-2');
  });

  it('401 on a GA4 path with a Google code keeps the session and tells to reconnect', async () => {
    fake.on('GET', '/integrations/ga4/auth/status', json(401, { detail: 'Authentication has expired', code: 'REFRESH_TOKEN_EXPIRED' }));
    const error = await failureOf(client.api.http.get('/integrations/ga4/auth/status'));
    expect([error.code, error.serverCode]).toEqual(['GA4_OAUTH_EXPIRED', 'REFRESH_TOKEN_EXPIRED']);
    expect(fake.calls('POST', '/refresh')).toHaveLength(0);
    expect(client.session.authState.status).toBe('AUTHENTICATED');
  });

  it('no response → NETWORK_ERROR', async () => {
    fake.on('GET', '/kb/documents', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(client.api.http.get('/kb/documents'));
    expect([error.message, error.code, error.status]).toEqual(['Network error - please check your connection', 'NETWORK_ERROR', null]);
  });

  it('no response within timeoutMs → TIMEOUT_ERROR', async () => {
    fake.on('GET', '/kb/documents', () => new Promise<Response>(() => undefined));
    const error = await failureOf(client.api.http.get('/kb/documents', { timeoutMs: 20 }));
    expect([error.message, error.code]).toEqual(['Request timed out - the server may be overloaded', 'TIMEOUT_ERROR']);
  });

  it('caller abort → CANCELLED', async () => {
    fake.on('GET', '/kb/documents', () => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const pending = client.api.http.get('/kb/documents', { signal: controller.signal });
    await vi.waitFor(() => expect(fake.calls('GET', '/kb/documents')).toHaveLength(1));
    controller.abort();
    const error = await failureOf(pending);
    expect([error.message, error.code]).toEqual(['Request was cancelled', 'CANCELLED']);
  });

  it('anything else (an unreadable success body) → REQUEST_ERROR', async () => {
    fake.on('GET', '/kb/documents', () => new Response('{not json', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const error = await failureOf(client.api.http.get('/kb/documents'));
    expect([error.message, error.code]).toEqual(['Request failed', 'REQUEST_ERROR']);
  });

  it('toApiError keeps ApiErrors and maps unknown values', () => {
    const { ApiError, toApiError } = client.api;
    const original = new ApiError('Too many requests', 429, 'RATE_LIMITED');
    expect(toApiError(original)).toBe(original);
    expect(toApiError('weird').code).toBe('REQUEST_ERROR');
    expect(toApiError(new DOMException('x', 'AbortError')).code).toBe('CANCELLED');
    expect(toApiError(new DOMException('x', 'TimeoutError')).code).toBe('TIMEOUT_ERROR');
  });

  it('204 resolves to undefined and JSON bodies are parsed', async () => {
    fake.on('DELETE', '/kb/documents/7', json(204));
    fake.on('GET', '/kb/documents', offContract('a placeholder body: parsing is under test', json(200, [{ id: 7 }])));
    await expect(client.api.http.delete('/kb/documents/7')).resolves.toBeUndefined();
    await expect(client.api.http.get('/kb/documents')).resolves.toEqual([{ id: 7 }]);
  });
});
