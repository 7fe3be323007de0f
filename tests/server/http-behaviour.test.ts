import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, TEST_PASSWORD, authHeaders, createTestApp, registerOwner, type TestApp } from '../helpers/server';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';

describe('HTTP behaviour shared by every API route', () => {
  const t = appForSuite({ env: { BODY_LIMIT_BYTES: '4096' } });
  const owner = preparedForSuite(() => registerOwner(t.app));

  const rawPost = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, payload, headers: { 'content-type': contentType } });

  describe('bad input never produces a 500', () => {
    it('malformed JSON → 400', async () => {
      const response = await rawPost('/login', '{"email": "a@b.co", "password": ');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Malformed JSON in request body', code: 'MALFORMED_JSON' });
    });

    it('an empty JSON body → 400', async () => {
      const response = await rawPost('/login', '');
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Malformed JSON in request body');
    });

    it('a __proto__ key (prototype poisoning) → 400', async () => {
      const response = await rawPost('/login', '{"__proto__": {"admin": true}, "email": "a@b.co", "password": "x"}');
      expect(response.statusCode).toBe(400);
    });

    it('a body above BODY_LIMIT_BYTES → 413', async () => {
      const response = await rawPost('/login', JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(10_000) }));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
    });

    it('a content type other than JSON → 415', async () => {
      const response = await rawPost('/login', 'email=a@b.co&password=x', 'application/x-www-form-urlencoded');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        detail: 'Unsupported content type: send application/json',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    });

    it.each([
      ['an array body', '[1,2,3]'],
      ['a string body', '"hello"'],
      ['null', 'null'],
      ['wrong field types', '{"email": 5, "password": {"a": 1}, "name": [], "org_name": true}'],
    ])('%s → 422 with field errors', async (_label, payload) => {
      const response = await rawPost('/register', payload);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.detail).toBe('Validation error');
      expect(body.errors.length).toBeGreaterThan(0);
      for (const error of body.errors) expect(error).toEqual({ field: expect.any(String), message: expect.any(String) });
    });

    it('a POST without any body → 422, not 500', async () => {
      const response = await t.app.inject({ method: 'POST', url: `${API}/login` });
      expect(response.statusCode).toBe(422);
    });
  });

  describe('unknown routes', () => {
    it.each(['/api/v1/nope', '/api/v2/login', '/api/v1/spaces/extra/deep'])('GET %s → JSON 404', async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ detail: 'Not found', code: 'NOT_FOUND' });
    });

    it('an over-long route parameter → the same JSON 404 (not the router\'s own 414); an undecodable URL → 400', async () => {
      const long = await t.app.inject({ method: 'GET', url: `${API}/agents/sessions/${'a'.repeat(5_000)}` });
      expect(long.statusCode).toBe(404);
      expect(long.json()).toEqual({ detail: 'Not found', code: 'NOT_FOUND' });
      const undecodable = await t.app.inject({ method: 'GET', url: `${API}/agents/sessions/%E0%A4%A` });
      expect(undecodable.statusCode).toBe(400);
      expect(undecodable.json()).toEqual({ detail: 'The request URL could not be read (malformed percent-encoding)', code: 'BAD_REQUEST' });
    });

    it('a wrong method on a known path → JSON 404', async () => {
      const response = await t.app.inject({ method: 'DELETE', url: `${API}/login` });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Not found');
    });
  });

  describe('caching headers', () => {
    it('every API GET varies by Authorization and X-Space-Id and is not stored', async () => {
      const urls = [`${API}/me`, `${API}/spaces/`, `${API}/health`, `${API}/billing/plan`];
      for (const url of urls) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: authHeaders(owner.access_token, owner.defaultSpace.id),
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers.vary).toBe('Authorization, X-Space-Id');
        expect(response.headers['cache-control']).toBe('no-store');
      }
    });

    it('error answers to GETs carry the same Vary header', async () => {
      const response = await t.app.inject({ method: 'GET', url: `${API}/me` });
      expect(response.statusCode).toBe(401);
      expect(response.headers.vary).toBe('Authorization, X-Space-Id');
    });

    it('POST answers are not stored either', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/login`,
        payload: { email: owner.email, password: TEST_PASSWORD },
      });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('request ids', () => {
    it('echoes a well-formed incoming X-Request-ID', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API}/health`,
        headers: { 'x-request-id': 'client-req.42:abc' },
      });
      expect(response.headers['x-request-id']).toBe('client-req.42:abc');
    });

    it('replaces a malformed one with a generated id', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API}/health`,
        headers: { 'x-request-id': 'bad id with spaces\n' },
      });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('generates one when none is sent, different per request', async () => {
      const first = await t.app.inject({ method: 'GET', url: `${API}/health` });
      const second = await t.app.inject({ method: 'GET', url: `${API}/health` });
      expect(first.headers['x-request-id']).toEqual(expect.any(String));
      expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    });
  });

  describe('GET /api/v1/openapi.json', () => {
    it('serves the generated OpenAPI document with every route', async () => {
      const response = await t.app.inject({ method: 'GET', url: `${API}/openapi.json` });
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toMatch(/^3\./);
      const paths = Object.keys(doc.paths);
      for (const path of [
        '/api/v1/login',
        '/api/v1/register',
        '/api/v1/register/check-domain',
        '/api/v1/register/with-domain',
        '/api/v1/refresh',
        '/api/v1/logout',
        '/api/v1/me',
        '/api/v1/spaces/',
        '/api/v1/billing/plan',
        '/api/v1/billing/credits',
        '/api/v1/health',
      ]) {
        expect(paths).toContain(path);
      }
      const loginBody = doc.paths['/api/v1/login'].post.requestBody.content['application/json'].schema;
      expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));
    });
  });

  describe('security headers', () => {
    it('sends no HSTS over plain HTTP', async () => {
      const response = await t.app.inject({ method: 'GET', url: `${API}/health` });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});

describe('security headers on API and static answers alike', () => {
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'mosaic-headers-'));
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Mosaic</title>');
    await writeFile(path.join(staticDir, 'assets', 'app-1.js'), 'console.log(1);');
    t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  const answers = () =>
    Promise.all(
      [
        [`${API}/health`, 'application/json'],
        [`${API}/me`, 'application/json'], // 401
        [`${API}/nope`, 'application/json'], // JSON 404
        ['/', 'text/html'],
        ['/assets/app-1.js', '*/*'],
        ['/knowledge-base', 'text/html'], // SPA fallback
      ].map(([url, accept]) => t.app.inject({ method: 'GET', url: url!, headers: { accept: accept! } })),
    );

  it("forbid framing everywhere: X-Frame-Options DENY, as the CSP's frame-ancestors 'none'", async () => {
    for (const response of await answers()) {
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('deny the browser features the app does not use, and leave the clipboard alone', async () => {
    for (const response of await answers()) {
      const policy = String(response.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture']) {
        expect(policy.split(', ')).toContain(`${feature}=()`);
      }
      // Copying a reply uses the clipboard; notifications are not governed by this header.
      expect(policy).not.toContain('clipboard');
    }
  });
});

describe('HSTS behind a TLS-terminating proxy', () => {
  it('is sent when TRUST_PROXY is set and the proxy reports https', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const viaTls = await t.app.inject({ method: 'GET', url: `${API}/health`, headers: { 'x-forwarded-proto': 'https' } });
      expect(viaTls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const plain = await t.app.inject({ method: 'GET', url: `${API}/health`, headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('unexpected failures', () => {
  it('answer 500 Internal server error without details, and are logged', async () => {
    const t = await createTestApp({ captureLogs: true });
    const owner = await registerOwner(t.app);
    // The database going away mid-flight is the kind of fault a caller cannot cause or fix.
    await t.database.close();
    try {
      const response = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: authHeaders(owner.access_token) });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error', code: 'INTERNAL_ERROR' });
      const logged = t.logs.map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
      expect(logged.some((entry) => entry.level === 50 && entry.msg === 'unhandled error' && entry.err)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
