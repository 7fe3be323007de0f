/**
 * The built app as a browser receives it: the worker, its precache list and the web manifest.
 * Reads the run's shared production build of the current sources (tests/tools/test-build.ts),
 * never a possibly stale dist/; the browser suites serve the same folder.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from 'vite';
import type { WebManifest } from '../helpers/web-manifest';
import { responsiveValuesInSource } from '../../src/vite-plugins/responsive-css';
import { sharedBuild } from '../tools/test-build';

const root = new URL('../../', import.meta.url).pathname;
let outDir = '';

beforeAll(async () => {
  outDir = (await sharedBuild()).dir;
}, 180_000);

/** URLs in the precache list that the build wrote into the worker in place of self.__WB_MANIFEST. */
function precachedUrls(workerSource: string): string[] {
  return [...workerSource.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g)].map((match) => match[1] ?? '');
}

describe('built service worker and manifest', () => {
  it('emits the worker with a precache list holding the shell and the manifest, but not itself', async () => {
    const worker = await readFile(join(outDir, 'sw.js'), 'utf8');
    expect(worker).not.toContain('self.__WB_MANIFEST');
    const urls = precachedUrls(worker);
    expect(urls).toContain('index.html');
    expect(urls).toContain('manifest.webmanifest');
    expect(urls.some((url) => /^assets\/index-.*\.js$/.test(url))).toBe(true);
    expect(urls).not.toContain('sw.js');
    expect(urls.filter((url) => url.endsWith('.map'))).toEqual([]);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('links the web manifest from index.html', async () => {
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
  });

  it('describes an installable app whose icons and screenshots exist', async () => {
    const manifest = JSON.parse(await readFile(join(outDir, 'manifest.webmanifest'), 'utf8')) as WebManifest;
    expect(manifest).toMatchObject({ name: 'Mosaic', short_name: 'Mosaic', scope: '/', display: 'standalone' });
    expect(['/', '/dashboard']).toContain(manifest.start_url);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const sizes = (purpose: string) =>
      manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose)).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toContain('512x512');
    expect(manifest.screenshots.map((shot) => [shot.form_factor, shot.sizes])).toEqual(
      expect.arrayContaining([
        ['wide', '1280x800'],
        ['narrow', '390x844'],
      ]),
    );

    for (const asset of [...manifest.icons, ...manifest.screenshots]) {
      const file = join(outDir, asset.src);
      expect(existsSync(file), `${asset.src} is missing from the build`).toBe(true);
      const png = await readFile(file);
      // A PNG's IHDR holds width and height at bytes 16..24; they must match the declared size.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(asset.sizes);
    }
  });

  it('ships the Apple touch icon', () => {
    expect(existsSync(join(outDir, 'icons/apple-touch-icon-180.png'))).toBe(true);
  });
});

describe('built stylesheet', () => {
  it('keeps a class for every responsive value the screens use and none for breakpoints they never use', async () => {
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    const href = /<link rel="stylesheet"[^>]* href="\/([^"]+\.css)"/.exec(html)?.[1];
    expect(href).toBeTruthy();
    const css = await readFile(join(outDir, href!), 'utf8');
    const used = responsiveValuesInSource(join(root, 'src'));
    expect(used.size).toBeGreaterThan(0);
    for (const [breakpoint, values] of used) {
      for (const value of values) expect(css).toMatch(new RegExp(`\\.${breakpoint}\\\\:rt-r-[a-z-]+-${value}\\b`));
    }
    for (const unused of ['xs', 'sm', 'md', 'lg', 'xl'].filter((breakpoint) => !used.has(breakpoint))) {
      expect(css).not.toContain(`.${unused}\\:rt-`);
    }
    expect(css.length).toBeLessThan(400 * 1024);
  });
});

describe('built entry', () => {
  /** The JavaScript a page loads for the given manifest keys and everything they import statically. */
  async function scriptsFor(keys: string[]): Promise<string> {
    const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    keys.forEach(visit);
    const files = [...seen].map((key) => manifest[key]!.file);
    return (await Promise.all(files.map((file) => readFile(join(outDir, file), 'utf8')))).join('\n');
  }

  it("keeps the tooltip code out of the first load and in the signed-in shell (src/vite-plugins/theme-without-tooltip-provider.ts)", async () => {
    const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    expect(entry).toBeTruthy();
    // @radix-ui/react-tooltip names its provider component; the name survives minification.
    expect(await scriptsFor([entry!])).not.toContain('TooltipProvider');
    expect(await scriptsFor([entry!, 'src/app/shell/AppShell.tsx'])).toContain('TooltipProvider');
  });
});
