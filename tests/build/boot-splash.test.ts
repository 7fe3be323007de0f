/**
 * src/vite-plugins/boot-splash.ts writes "Loading Mosaic…" and the mark into the built index.html, so a
 * visitor sees the loader before the JavaScript has run (docs/performance.md, "Boot splash").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bootSplash } from '../../src/vite-plugins/boot-splash';
import { fixtureProject, removeFixtures, viteBuild } from './vite-build';

afterEach(removeFixtures);

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Mosaic</title></head><body>${body}<script type="module" src="/main.js"></script></body></html>`;

async function builtHtml(indexHtml: string): Promise<string> {
  const root = await fixtureProject({ 'index.html': indexHtml, 'main.js': `document.title = 'Mosaic';\n` });
  const output = await viteBuild({ root, plugins: [bootSplash()] });
  const html = output.output.find((file) => file.fileName === 'index.html');
  if (html?.type !== 'asset') throw new Error('The build wrote no index.html');
  return String(html.source);
}

describe('boot splash', () => {
  it('puts the loader inside the empty root element and its style in the head', async () => {
    const html = await builtHtml(page('<div id="root"></div>'));
    const splash = /<div id="root"><div class="boot-splash" role="status">(<svg [^]*?<\/svg>)<span>Loading Mosaic…<\/span><\/div><\/div>/.exec(html);
    expect(splash, html).not.toBeNull();
    expect(splash![1]).toContain('aria-hidden="true"');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style>body\{margin:0\}\.boot-splash\{[^<]*prefers-color-scheme:dark[^<]*<\/style>$/);
    // The theme chosen on the device wins over the system's (public/theme-boot.js marks <html> first).
    expect(head).toContain('html:not([data-appearance=light]) .boot-splash{');
    expect(head).toContain('html[data-appearance=dark] .boot-splash{');
  });

  it('refuses an index.html without an empty root element', async () => {
    await expect(builtHtml(page('<div id="root"><p>Hello</p></div>'))).rejects.toThrow(
      'index.html has no empty <div id="root"></div> for the boot splash',
    );
  });
});
