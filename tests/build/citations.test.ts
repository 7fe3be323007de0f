/**
 * Every reference in the code and the docs can be followed from the repository alone: a
 * `spec 000 §n` / `spec 001 §n` citation names a section docs/spec-map.md describes, a `docs/….md`
 * path names a file that exists, and nothing cites a design document or a spec path the repository
 * does not hold. A reference to something absent is a dead end for the next engineer.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TEXT_FILE = /\.(ts|tsx|mjs|js|css|html|md|json|sh)$/;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && TEXT_FILE.test(file) && existsSync(`${root}${file}`) && !file.startsWith('node_modules/'));
const sources = files.map((file) => ({ file, text: readFileSync(`${root}${file}`, 'utf8') }));

/** The sections docs/spec-map.md describes, per document: `000 §4` → true. */
function sectionsInSpecMap(): Set<string> {
  const map = readFileSync(`${root}docs/spec-map.md`, 'utf8');
  const sections = new Set<string>();
  let document = '';
  for (const line of map.split('\n')) {
    const heading = /^## spec (00[01])\b/.exec(line);
    if (heading) document = heading[1]!;
    const section = /^\*\*§(\d+)\b/.exec(line);
    if (section && document) sections.add(`${document} §${section[1]}`);
  }
  return sections;
}

/** Every `spec 00x §a, §b–§c` citation as its single sections, with where it stands. */
function citations(): { where: string; section: string }[] {
  const found: { where: string; section: string }[] = [];
  for (const { file, text } of sources) {
    for (const match of text.matchAll(/spec (00[01])((?:[ ,–-]*(?:and )?§\d+)+)/g)) {
      const numbers = [...match[2]!.matchAll(/§(\d+)/g)].map((n) => Number(n[1]));
      // A range "§4–§5" cites every section in between.
      const ranged = match[2]!.includes('–') && numbers.length === 2 ? Array.from({ length: numbers[1]! - numbers[0]! + 1 }, (_, i) => numbers[0]! + i) : numbers;
      for (const n of ranged) found.push({ where: `${file}: "${match[0]}"`, section: `${match[1]} §${n}` });
    }
  }
  return found;
}

describe('references in the code and the docs', () => {
  it('cite only sections of the specification that docs/spec-map.md describes', () => {
    const known = sectionsInSpecMap();
    expect(known.size).toBeGreaterThanOrEqual(18);
    const all = citations();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((citation) => !known.has(citation.section))).toEqual([]);
  });

  it('name only docs that exist', () => {
    const missing: string[] = [];
    for (const { file, text } of sources) {
      for (const match of text.matchAll(/\bdocs\/([\w.-]+\.md)\b/g)) {
        if (!existsSync(`${root}docs/${match[1]}`)) missing.push(`${file}: docs/${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('never point to a design document or spec files the repository does not hold', () => {
    const absent = sources
      .filter(({ file }) => file !== 'tests/build/citations.test.ts')
      .flatMap(({ file, text }) => [...text.matchAll(/DESIGN\.md|\bspec\/00[01]_/g)].map((match) => `${file}: ${match[0]}`));
    expect(absent).toEqual([]);
  });
});
