import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../helpers/server';

const INDEX_HTML = '<!doctype html><html><head><title>Mosaic</title></head><body><div id="root"></div></body></html>';

describe('serving the built app', () => {
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'mosaic-static-'));
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');
    await writeFile(path.join(staticDir, 'manifest.webmanifest'), '{"name":"Mosaic"}');
    await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app");');
    await writeFile(path.join(staticDir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app");'));
    t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html,application/xhtml+xml') =>
    t.app.inject({ method: 'GET', url, headers: { accept } });

  it('serves index.html at / with the strict CSP and no-cache', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = response.headers['content-security-policy'];
    expect(csp).toBe(
      [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join(';'),
    );
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await get('/assets/index-abc123.js', '*/*');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app");');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the build\'s pre-compressed copy to browsers that accept it', async () => {
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { accept: '*/*', 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app");');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { accept: '*/*' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");');
  });

  it('serves sw.js and the manifest with no-cache', async () => {
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const response = await get(file, '*/*');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers client-side routes with index.html (SPA fallback)', async () => {
    for (const route of ['/dashboard', '/agents/seo-writer/chat/123', '/login?redirect=%2Fcredits']) {
      const response = await get(route);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not fall back for missing files that are not page loads', async () => {
    const response = await get('/assets/missing-123.js', '*/*');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found', code: 'NOT_FOUND' });
  });

  it('never falls back for /api paths, even when HTML is accepted', async () => {
    const response = await get(`${API}/unknown`);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Not found');
  });

  it('answers an unknown path of any length with the same 404, never a 403 from the file lookup', async () => {
    const notFound = { detail: 'Not found', code: 'NOT_FOUND' };
    for (const length of [300, 4_200, 9_000]) {
      for (const url of [`${API}/${'a'.repeat(length)}`, `${API}/agents/sessions/${'a'.repeat(length)}`, `${API}/a/${'b/'.repeat(length / 2)}`]) {
        for (const accept of ['application/json', 'text/html']) {
          const response = await get(url, accept);
          expect(response.statusCode, `${url.length} ${accept}`).toBe(404);
          expect(response.json()).toEqual(notFound);
        }
      }
      // Not an API path: a missing file is a JSON 404, a page load the app (its own 404 screen).
      expect((await get(`/assets/${'a'.repeat(length)}.js`, '*/*')).json()).toEqual(notFound);
      const page = await get(`/${'a'.repeat(length)}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX_HTML);
    }
  });

  it('keeps the API working next to the static files', async () => {
    const response = await get(`${API}/health`, 'application/json');
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('without a built app', () => {
  it('serves the API and answers page loads with a JSON 404', async () => {
    const t = await createTestApp({ env: { STATIC_DIR: path.join(tmpdir(), 'mosaic-no-such-dir') } });
    try {
      expect((await t.app.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
      const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
      expect(page.json().detail).toBe('Not found');
    } finally {
      await t.close();
    }
  });
});
