/**
 * A count on screen is written one way: `formatCount` / `plural` (src/contract/format.ts), never a
 * hand-made "n === 1 ? '1 file' : `${n} files`", so every count gets the same plural rules and the
 * same digit grouping ("1,234 files").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** "x === 1 ? '1 file'", and "${x} ${x === 1 ? 'file' : 'files'}" (or in JSX, "{x} {x === 1 ? …"). */
const HAND_WRITTEN = [/=== 1 \? ['`]1 [a-z]/, /\$?\{([\w.()]+)\} \$?\{\1 === 1 \? '[a-z]/];

describe('counts are written with the plural helper', () => {
  it('finds no hand-written plural of a count in src/', () => {
    const found = sourceFiles(src).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index) => (HAND_WRITTEN.some((pattern) => pattern.test(line)) ? [`${relative(src, path)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found, 'use formatCount(count, noun) or plural(count, singular, plural) from src/contract/format.ts').toEqual([]);
  });
});
