/** A navigation to a public screen tells the browser about that screen's code up front (docs/performance.md). */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/server';

const INDEX_HTML = '<!doctype html><html><head><title>Mosaic</title></head><body><div id="root"></div></body></html>';

/** The shape `vite build` writes with `build.manifest: true`. */
const MANIFEST = {
  'index.html': { file: 'assets/index-a1.js', imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor-b2.js' },
  '_form.js': { file: 'assets/form-c3.js', imports: ['_vendor.js'] },
  'src/features/auth/pages/LoginPage.tsx': { file: 'assets/LoginPage-d4.js', imports: ['index.html', '_vendor.js', '_form.js'] },
  'src/features/auth/pages/RegisterPage.tsx': { file: 'assets/RegisterPage-e5.js', imports: ['index.html', '_form.js'] },
};

describe('screen code hints on navigations', () => {
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'mosaic-preload-'));
    await mkdir(path.join(staticDir, '.vite'), { recursive: true });
    await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  const navigate = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('lists the Login screen and what it adds beyond the entry as modulepreload links', async () => {
    const response = await navigate('/login?next=%2Fdashboard');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers.link).toBe('</assets/LoginPage-d4.js>; rel=modulepreload, </assets/form-c3.js>; rel=modulepreload');
  });

  it('hints the Register screen on /register', async () => {
    const response = await navigate('/register');
    expect(response.headers.link).toBe('</assets/RegisterPage-e5.js>; rel=modulepreload, </assets/form-c3.js>; rel=modulepreload');
  });

  it('gives no hint where the screen depends on the session', async () => {
    const response = await navigate('/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBeUndefined();
  });
});
