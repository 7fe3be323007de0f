/**
 * Browser SHA-256 of a large file in Chromium, with the app's worker code (src/workers), next to
 * `sha256sum` on the same file. The file is chosen through a real <input type=file>, so the
 * browser reads it from disk slice by slice exactly as in the app.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { launchChromium } from '../tools/chromium';

const HASH_MB = Number(process.env.BENCH_HASH_MB ?? 1024);
const ROOT = path.resolve(import.meta.dirname, '../..');

async function writeBigFile(file: string, megabytes: number): Promise<void> {
  const out = createWriteStream(file);
  const block = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < megabytes; index += 1) {
    block.fill(index % 251);
    block.writeUInt32LE(index, 0);
    if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

/** Resident memory (KiB) of every Chromium process, summed. */
function chromiumRssKiB(): number {
  const result = spawnSync('ps', ['-C', 'chromium', '-o', 'rss=']);
  return result.stdout
    .toString()
    .split('\n')
    .map((line) => Number(line.trim()) || 0)
    .reduce((sum, value) => sum + value, 0);
}

export async function benchBrowserHash(work: string): Promise<void> {
  const file = path.join(work, 'big.bin');
  console.log(`\nBrowser SHA-256: writing a ${HASH_MB} MB file…`);
  await writeBigFile(file, HASH_MB);

  execFileSync('sha256sum', [file]); // warm the page cache so both read from memory
  const t0 = performance.now();
  const expected = execFileSync('sha256sum', [file]).toString().split(' ')[0]!;
  const nativeMs = performance.now() - t0;
  const nativeMBs = HASH_MB / (nativeMs / 1000);
  console.log(`sha256sum: ${(nativeMs / 1000).toFixed(2)} s → ${nativeMBs.toFixed(0)} MB/s`);

  // The worker as the app ships it (same module), bundled for a bare page.
  const bundle = await build({ entryPoints: [path.join(ROOT, 'src/workers/sha256.worker.ts')], bundle: true, format: 'esm', write: false, platform: 'browser' });
  const workerCode = bundle.outputFiles[0]!.text;
  const page = `<!doctype html><input type="file" id="f"><script type="module">
    window.hashWith = (url) => new Promise((resolve, reject) => {
      const file = document.getElementById('f').files[0];
      const worker = new Worker(url, { type: 'module' });
      const started = performance.now();
      worker.onmessage = (event) => {
        if ('hash' in event.data) { resolve({ hash: event.data.hash, ms: performance.now() - started }); worker.terminate(); }
        if ('error' in event.data) reject(new Error(event.data.error));
      };
      worker.postMessage({ id: 1, file });
    });
  </script>`;
  const server = createServer((request, response) => {
    if (request.url === '/worker.js' || request.url === '/worker-csp.js') {
      // worker-csp.js carries the app's strict CSP (no 'wasm-unsafe-eval'): the JS engine runs.
      response.writeHead(200, { 'content-type': 'text/javascript', ...(request.url === '/worker-csp.js' ? { 'content-security-policy': "script-src 'self'" } : {}) });
      response.end(workerCode);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await launchChromium();
  try {
    for (const [engine, url] of [
      ['WebAssembly (hash-wasm)', '/worker.js'],
      ['pure JS (@noble/hashes, the fallback where WebAssembly is refused)', '/worker-csp.js'],
    ] as const) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(`http://127.0.0.1:${port}/`);
      await tab.setInputFiles('#f', file);
      const baseline = chromiumRssKiB();
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, chromiumRssKiB())), 100);
      const result = (await tab.evaluate((workerUrl) => (window as unknown as { hashWith(u: string): Promise<{ hash: string; ms: number }> }).hashWith(workerUrl), url)) as {
        hash: string;
        ms: number;
      };
      clearInterval(sampler);
      const mbs = HASH_MB / (result.ms / 1000);
      console.log(
        `Chromium ${engine}: ${(result.ms / 1000).toFixed(2)} s → ${mbs.toFixed(0)} MB/s = ${((mbs / nativeMBs) * 100).toFixed(0)}% of sha256sum; ` +
          `digest ${result.hash === expected ? 'matches' : 'DIFFERS'}; peak memory growth of all Chromium processes ${((peak - baseline) / 1024).toFixed(0)} MB`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
    await rm(file, { force: true });
  }
}
