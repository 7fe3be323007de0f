import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, type FakeApi } from './fake-api';
import { installFakeXhr } from './fake-xhr';
import { disposeClientsAndGlobals, freshSignedInClient, type Client } from './client-harness';

let fake: FakeApi;
let client: Client;
const file = new File(['hello world'], 'brief.pdf', { type: 'application/pdf' });

beforeEach(async () => {
  ({ fake, client } = await freshSignedInClient());
});
afterEach(disposeClientsAndGlobals);

describe('http.upload (multipart with progress)', () => {
  it("sends the file in field 'file' with the usual headers and reports progress in percent", async () => {
    const xhr = installFakeXhr(() => ({ status: 201, body: { id: 'doc-1' }, progress: [[1, 4], [2, 4]] }));
    const progress: number[] = [];
    await expect(client.api.http.upload('/kb/uploads', file, (p) => progress.push(p), { query: { category: 'brand' } })).resolves.toEqual({
      id: 'doc-1',
    });
    const [request] = xhr.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/kb/uploads?category=brand');
    expect(request?.headers.Authorization).toBe('Bearer access-1');
    expect(request?.headers['X-Space-Id']).toBe('space-b');
    expect(request?.headers['X-Request-ID']).toBeTruthy();
    const form = request?.body as FormData;
    expect((form.get('file') as File).name).toBe('brief.pdf');
    expect(progress).toEqual([25, 50, 100]);
  });

  it('refreshes once on 401 and sends the file again', async () => {
    fake.on('POST', '/refresh', json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' }));
    const xhr = installFakeXhr((sent) =>
      sent.headers.Authorization === 'Bearer access-2' ? { status: 200, body: { id: 'doc-2' } } : { status: 401, body: {} },
    );
    await expect(client.api.http.upload('/kb/uploads', file)).resolves.toEqual({ id: 'doc-2' });
    expect(xhr.sent).toHaveLength(2);
    expect(fake.calls('POST', '/refresh')).toHaveLength(1);
  });

  it('maps failures to the error catalogue', async () => {
    installFakeXhr((_sent, nth) => (nth === 1 ? { status: 413, body: { detail: 'File too large' } } : { status: 0, networkError: true }));
    await expect(client.api.http.upload('/kb/uploads', file)).rejects.toMatchObject({ code: 'HTTP_ERROR', message: 'File too large' });
    await expect(client.api.http.upload('/kb/uploads', file)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

describe('http.putToSignedUrl', () => {
  it("PUTs the file with its own content type and none of the session's headers", async () => {
    const xhr = installFakeXhr(() => ({ status: 200, progress: [[5, 10]] }));
    const progress: number[] = [];
    await client.api.http.putToSignedUrl('https://storage.test/bucket/obj?sig=abc', file, (p) => progress.push(p), {
      'x-amz-meta-origin': 'mosaic',
    });
    const [request] = xhr.sent;
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('https://storage.test/bucket/obj?sig=abc');
    expect(request?.headers).toEqual({ 'Content-Type': 'application/pdf', 'x-amz-meta-origin': 'mosaic' });
    expect(request?.body).toBe(file);
    expect(progress).toEqual([50, 100]);
  });

  it('rejects with a catalogue error when storage refuses', async () => {
    installFakeXhr(() => ({ status: 403, body: { detail: 'Signature expired' } }));
    await expect(client.api.http.putToSignedUrl('https://storage.test/x', file)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
  });
});
