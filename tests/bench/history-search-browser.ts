/**
 * bench:history in Chromium, the device the offline search runs on: the app's own modules
 * (src/db, searchSavedChats) bundled into a page, the corpus written into the page's IndexedDB
 * through them, the searches timed inside the page (no DevTools round trip in the figures).
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { launchChromium } from '../tools/chromium';
import { summarise } from './history-corpus';
import type { DeviceTimes } from './history-device';
import type { HistoryBenchPage } from './history-search-page';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The page's code as the app ships it: a production build of React and friends, minified. */
async function pageBundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'tests/bench/history-search-page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  return result.outputFiles[0]!.text;
}

export async function benchChromium(messages: number, rounds: number): Promise<void> {
  const code = await pageBundle();
  const server = createServer((request, response) => {
    const script = request.url === '/bench.js';
    response.writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html' });
    response.end(script ? code : '<!doctype html><script type="module" src="/bench.js"></script>');
  });
  // Not 127.0.0.1 or localhost: Dexie turns its debug mode (a console task per operation) on there,
  // which the app, served from its own host, never runs with.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.2:${port}/`);
    await page.waitForFunction(() => 'historyBench' in window);
    // Arrow functions only: page.evaluate sends their source, and a named function would carry the
    // bundler's naming helper, which the page does not have.
    const savedMs = await page.evaluate((count) => (window as unknown as { historyBench: HistoryBenchPage }).historyBench.fillDevice(count), messages);
    const times: DeviceTimes = await page.evaluate((count) => (window as unknown as { historyBench: HistoryBenchPage }).historyBench.timeDeviceSearches(count), rounds);
    console.log(
      `device (Dexie in Chromium ${browser.version()}), ${messages.toLocaleString('en-GB')} messages: rare words ${summarise(times.rare)}; ` +
        `common words ${summarise(times.common)}; writing them with their words took ${(savedMs / 1000).toFixed(1)} s`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}
