import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The assets a browser receives as text; images and source maps are left alone. */
const TEXT = /\.(js|css|html|svg|json|webmanifest)$/;
/** Below this, compression saves less than a packet. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes .br and .gz copies of the text assets next to them, so a static server can send them
 * compressed without compressing per request (@fastify/static `preCompressed: true`).
 * Uncompressed, the Radix Themes CSS alone is ~610 KB on the wire, which dominates a first visit
 * on a slow connection (docs/performance.md).
 */
export function precompressAssets(): Plugin {
  return {
    name: 'mosaic:precompress-assets',
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const file of Object.keys(bundle)) {
        if (!TEXT.test(file)) continue;
        const target = path.join(dir, file);
        const content = readFileSync(target);
        if (content.length < PRECOMPRESS_MIN_BYTES) continue;
        writeFileSync(`${target}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${target}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
