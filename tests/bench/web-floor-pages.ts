/**
 * Pages that do what a signed-in /dashboard must do before its largest text paints, and nothing
 * else, written into a build folder (`<outDir>/floor/`) for `npm run bench:web-floor`:
 *
 *  - `chain.html`: the built index.html's head (its render-blocking stylesheet, the boot splash)
 *    and a few lines of script that make the start-up's requests in the specification's order
 *    (GET /me, then GET /spaces/, then the screen's GETs in the space), then write the same text
 *    the Dashboard shows. No framework, no app code: the network chain alone.
 *  - `chain-and-entry.html`: the same, and the entry's scripts (what index.html loads, all a
 *    signed-out /login downloads too) downloaded as module preloads but not run.
 *  - `chain-and-code.html`: the chain, and the files the real Dashboard fetched before its heading
 *    was on the page (recorded in Chromium), each downloaded as the app downloads it (scripts as module
 *    preloads, stylesheets as non-blocking ones) but none of them run.
 *  - `chain-and-code-in-two-files.html`: those same bytes joined into one script and one
 *    stylesheet, so the difference from the page before is the number of requests alone.
 *  - `login.html`: /login's floor: the files a signed-out /login fetched before its heading was on
 *    the page (the entry and the sign-in screen), downloaded as module preloads but not run, and
 *    the screen's largest text written. No requests to the API: /login makes none before it paints.
 *
 * The bench also audits `chain-and-entry.html` on a second visit (its files in the browser's
 * cache) as the floor of the Dashboard's warm start.
 *
 * Lighthouse's mobile preset on these pages tells how far the real page is from what its network
 * work alone allows on this machine (docs/performance.md, "Seventh pass").
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface RecordedStart {
  /** `/assets/…` files the page fetched before its screen's heading was on the page, in request order. */
  assets: string[];
  /** API GETs made before that paint, in request order (`/api/v1/…`). */
  apiGets: string[];
  /** The largest text the page painted. */
  lcpText: string;
}

export const FLOOR_PAGES = ['/floor/chain.html', '/floor/chain-and-entry.html', '/floor/chain-and-code.html', '/floor/chain-and-code-in-two-files.html'] as const;
export const LOGIN_FLOOR_PAGE = '/floor/login.html';

/** The start-up's order (spec 000 "Initialise"): who am I, then my spaces, then the rest in the space. */
const SEQUENTIAL = ['/api/v1/me', '/api/v1/spaces/'];

/** Replaces the root's content with a `<main>` holding the heading and the largest text. */
function paintScript(heading: string, lcpText: string): string {
  return `const main = document.createElement('main');
main.className = 'floor';
const heading = document.createElement('h1');
heading.textContent = ${JSON.stringify(heading)};
const text = document.createElement('p');
text.textContent = ${JSON.stringify(lcpText)};
main.append(heading, text);
document.getElementById('root').replaceChildren(main);
`;
}

function probeScript(apiGets: string[], lcpText: string): string {
  const inSpace = apiGets.filter((path) => !SEQUENTIAL.includes(path));
  return `const auth = { Authorization: 'Bearer ' + localStorage.getItem('ma_access_token') };
const get = async (path, headers) => (await fetch(path, { headers })).json();
await get('/api/v1/me', auth);
const spaces = await get('/api/v1/spaces/', auth);
const space = (Array.isArray(spaces) ? spaces : spaces.data)[0].id;
await Promise.all(${JSON.stringify(inSpace)}.map((path) => get(path, { ...auth, 'X-Space-Id': space })));
${paintScript('Dashboard', lcpText)}`;
}

/** Downloaded and parsed as the app's code is, but not run. */
const modulePreload = (src: string) => `<link rel="modulepreload" crossorigin href="${src}">`;
/** Downloaded without holding up the page's rendering, as the app's lazily loaded stylesheets are. */
const quietStylesheet = (href: string) => `<link rel="stylesheet" href="${href}" media="print">`;

/** Writes `body` with the .br and .gz copies the server sends to browsers that accept them. */
async function writeCompressed(path: string, body: string): Promise<void> {
  await writeFile(path, body);
  await writeFile(`${path}.br`, brotliCompressSync(body));
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
}

/** index.html cut in two around the app's scripts: a floor page is its head, extra head tags, a script of its own, its body. */
async function floorPageMaker(outDir: string) {
  const index = await readFile(join(outDir, 'index.html'), 'utf8');
  // index.html's head without the app's scripts and preloads: its stylesheet, splash style, manifest.
  const head = index
    .slice(0, index.indexOf('</head>'))
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  const body = index.slice(index.indexOf('<body>'), index.indexOf('</html>'));
  const page = (extraHead: string, script = '/floor/probe.js') =>
    `${head}<style>.floor{padding:24px;font:14px/20px sans-serif}.floor p{max-width:300px}</style>${extraHead}<script type="module" src="${script}"></script></head>\n  ${body}</html>\n`;
  return { index, head, page };
}

function checkRecorded(outDir: string, start: RecordedStart): void {
  const missing = start.assets.filter((asset) => !existsSync(join(outDir, asset)));
  if (missing.length > 0) throw new Error(`the recorded start fetched files the build does not have: ${missing.join(', ')}`);
}

/** `login.html`: /login's recorded files downloaded, not run, and its heading and largest text written. */
export async function writeLoginFloorPage(outDir: string, start: RecordedStart, heading: string): Promise<void> {
  const folder = join(outDir, 'floor');
  await mkdir(folder, { recursive: true });
  checkRecorded(outDir, start);
  const { head, page } = await floorPageMaker(outDir);
  await writeCompressed(join(folder, 'login-paint.js'), paintScript(heading, start.lcpText));
  const scripts = start.assets.filter((asset) => asset.endsWith('.js'));
  const stylesheets = start.assets.filter((asset) => asset.endsWith('.css') && !head.includes(asset));
  await writeFile(join(folder, 'login.html'), page([...scripts.map(modulePreload), ...stylesheets.map(quietStylesheet)].join(''), '/floor/login-paint.js'));
}

export async function writeFloorPages(outDir: string, start: RecordedStart): Promise<void> {
  const folder = join(outDir, 'floor');
  await mkdir(folder, { recursive: true });
  checkRecorded(outDir, start);
  const { index, head, page } = await floorPageMaker(outDir);

  await writeCompressed(join(folder, 'probe.js'), probeScript(start.apiGets, start.lcpText));
  const scripts = start.assets.filter((asset) => asset.endsWith('.js'));
  const stylesheets = start.assets.filter((asset) => asset.endsWith('.css') && !head.includes(asset));

  await writeFile(join(folder, 'chain.html'), page(''));
  const entryScripts = [...index.matchAll(/<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g)].map((match) => match[1]!);
  await writeFile(join(folder, 'chain-and-entry.html'), page(entryScripts.map(modulePreload).join('')));
  await writeFile(
    join(folder, 'chain-and-code.html'),
    page([...scripts.map(modulePreload), ...stylesheets.map(quietStylesheet)].join('')),
  );
  // One module whose only export is the scripts' text: it downloads and parses like them, runs nothing.
  const sources = await Promise.all(scripts.map((src) => readFile(join(outDir, src), 'utf8')));
  await writeCompressed(join(folder, 'all-scripts.js'), `export default ${JSON.stringify(sources)};\n`);
  const styles = await Promise.all(stylesheets.map((href) => readFile(join(outDir, href), 'utf8')));
  await writeCompressed(join(folder, 'all-styles.css'), styles.join('\n'));
  await writeFile(
    join(folder, 'chain-and-code-in-two-files.html'),
    page(modulePreload('/floor/all-scripts.js') + quietStylesheet('/floor/all-styles.css')),
  );
}
