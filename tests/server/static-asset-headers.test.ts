/**
 * A page's scripts and stylesheets are sent without the headers that only govern documents and
 * workers (CSP, Permissions-Policy, framing…): each is ~0.8 KB, uncompressed over HTTP/1.1, on
 * every one of a signed-in start's requests. Pages, workers and anything the build did not cut
 * keep them all (docs/performance.md, seventh pass).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ONLY_HEADERS } from '../../server/src/plugins/security-headers';
import { createTestApp, type TestApp } from '../helpers/server';

const INDEX_HTML = '<!doctype html><html><head><title>Mosaic</title></head><body><div id="root"></div></body></html>';

/** The shape `vite build` writes with `build.manifest: true`: chunks carry a name, a worker is only listed. */
const MANIFEST = {
  'index.html': { file: 'assets/index-a1.js', name: 'index', isEntry: true, imports: ['_vendor-b2.js'], css: ['assets/index-f6.css'] },
  '_vendor-b2.js': { file: 'assets/vendor-b2.js', name: 'vendor' },
  '_hash-files-c3.js': { file: 'assets/hash-files-c3.js', name: 'hash-files', assets: ['assets/sha256.worker-d4.js'] },
  'node_modules/pdfjs-dist/build/pdf.worker.min.mjs': { file: 'assets/pdf.worker.min-e5.mjs', src: 'node_modules/pdfjs-dist/build/pdf.worker.min.mjs' },
};

const FILES = ['assets/index-a1.js', 'assets/vendor-b2.js', 'assets/hash-files-c3.js', 'assets/index-f6.css', 'assets/sha256.worker-d4.js', 'assets/pdf.worker.min-e5.mjs', 'assets/logo-g7.png'];

describe('headers of the built app’s files', () => {
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'mosaic-asset-headers-'));
    await mkdir(path.join(staticDir, '.vite'), { recursive: true });
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');
    await writeFile(path.join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    for (const file of FILES) await writeFile(path.join(staticDir, file), `/* ${file} */`);
    await writeFile(path.join(staticDir, 'assets/vendor-b2.js.br'), brotliCompressSync('/* assets/vendor-b2.js */'));
    t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = { accept: '*/*' }) => t.app.inject({ method: 'GET', url, headers });
  const documentHeadersOf = (headers: Record<string, unknown>) => DOCUMENT_ONLY_HEADERS.filter((name) => headers[name.toLowerCase()] !== undefined);

  it('sends the page’s scripts and stylesheets without the document-only headers, keeping nosniff and the resource policy', async () => {
    for (const file of ['assets/index-a1.js', 'assets/vendor-b2.js', 'assets/hash-files-c3.js', 'assets/index-f6.css']) {
      const response = await get(`/${file}`);
      expect(response.statusCode, file).toBe(200);
      expect(documentHeadersOf(response.headers), file).toEqual([]);
      expect(response.headers['x-content-type-options'], file).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], file).toBe('same-origin');
      expect(response.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
  });

  it('does the same when it sends the pre-compressed copy', async () => {
    const response = await get('/assets/vendor-b2.js', { accept: '*/*', 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(documentHeadersOf(response.headers)).toEqual([]);
  });

  it('keeps every header on workers’ scripts, which run under the policy their own response gives them', async () => {
    for (const file of ['/sw.js', '/assets/sha256.worker-d4.js', '/assets/pdf.worker.min-e5.mjs']) {
      const response = await get(file);
      expect(response.statusCode, file).toBe(200);
      expect(documentHeadersOf(response.headers), file).toEqual([...DOCUMENT_ONLY_HEADERS]);
    }
  });

  it('keeps every header on pages and on files the build did not cut as a script or stylesheet', async () => {
    const page = await get('/dashboard', { accept: 'text/html' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(documentHeadersOf(page.headers)).toEqual([...DOCUMENT_ONLY_HEADERS]);
    const image = await get('/assets/logo-g7.png');
    expect(documentHeadersOf(image.headers)).toEqual([...DOCUMENT_ONLY_HEADERS]);
  });
});
