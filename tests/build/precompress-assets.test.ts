/**
 * src/vite-plugins/precompress-assets.ts writes .br and .gz next to each text asset over 1 KB, which the
 * server sends as they are (@fastify/static `preCompressed`). A copy that does not decompress to
 * its original would serve a broken file; one for a PNG would only cost build time and disk.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressAssets } from '../../src/vite-plugins/precompress-assets';
import { fixtureProject, removeFixtures, viteBuild } from './vite-build';

afterAll(removeFixtures);

const prose = (bytes: number) => 'The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(bytes / 45)).slice(0, bytes);

/** Assets of exact sizes next to the chunks, as public/ files and emitted images are. */
const exactAssets: Plugin = {
  name: 'test:exact-assets',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'at-threshold.json', source: prose(PRECOMPRESS_MIN_BYTES) });
    this.emitFile({ type: 'asset', fileName: 'under-threshold.json', source: prose(PRECOMPRESS_MIN_BYTES - 1) });
    this.emitFile({ type: 'asset', fileName: 'photo.png', source: Buffer.from(prose(8 * 1024)) });
    this.emitFile({ type: 'asset', fileName: 'app.webmanifest', source: prose(2 * 1024) });
  },
};

let outDir = '';
beforeAll(async () => {
  const root = await fixtureProject({
    'big.js': `console.log(${JSON.stringify(prose(6 * 1024))});\n`,
    'small.js': `console.log('hi');\n`,
  });
  outDir = join(root, 'dist');
  await viteBuild({
    root,
    build: {
      write: true,
      outDir,
      sourcemap: true,
      rolldownOptions: { input: { big: join(root, 'big.js'), small: join(root, 'small.js') }, plugins: [exactAssets, precompressAssets()] },
    },
  });
});

const written = () => readdirSync(outDir, { recursive: true, encoding: 'utf8' });
const only = (pattern: RegExp) => {
  const matches = written().filter((file) => pattern.test(file));
  expect(matches).toHaveLength(1);
  return join(outDir, matches[0]!);
};

describe('precompressed assets', () => {
  it('writes .br and .gz copies of text assets over the threshold that decompress to the original', () => {
    for (const file of [only(/big-[\w-]+\.js$/), join(outDir, 'at-threshold.json'), join(outDir, 'app.webmanifest')]) {
      const original = readFileSync(file);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(original), `${file}.gz`).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(original), `${file}.br`).toBe(true);
      expect(readFileSync(`${file}.br`).length).toBeLessThan(original.length);
    }
  });

  it('leaves small files, images and source maps uncompressed', () => {
    const small = only(/small-[\w-]+\.js$/);
    expect(readFileSync(small).length).toBeLessThan(PRECOMPRESS_MIN_BYTES);
    for (const file of [small, join(outDir, 'under-threshold.json'), join(outDir, 'photo.png'), `${only(/big-[\w-]+\.js$/)}.map`]) {
      expect(existsSync(file), file).toBe(true);
      expect(existsSync(`${file}.gz`), `${file}.gz`).toBe(false);
      expect(existsSync(`${file}.br`), `${file}.br`).toBe(false);
    }
    expect(written().filter((file) => /\.(gz|br)$/.test(file))).toHaveLength(6);
  });
});
