/**
 * Which source files make up a built chunk, by minified bytes (from its sourcemap), grouped by
 * package. Used to decide what to move behind lazy boundaries (docs/performance.md).
 *   npx vite build --outDir /tmp/x && npx tsx tests/tools/chunk-breakdown.ts /tmp/x [chunk-file-substring]
 * Without a chunk name it reports every chunk /login loads (index.html's script and its imports).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';

interface ManifestChunk { file: string; imports?: string[] }
type Manifest = Record<string, ManifestChunk>;

const [outDir, only] = process.argv.slice(2);
if (!outDir) throw new Error('Usage: chunk-breakdown.ts <outDir> [chunk-file-substring]');
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

function entryFiles(): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit('index.html');
  return [...seen].map((key) => manifest[key]!.file);
}

/** Bytes of generated code attributed to each source (each mapping segment owns the text up to the next). */
function breakdown(file: string): Map<string, number> {
  const totals = new Map<string, number>();
  const mapFile = path.join(outDir!, `${file}.map`);
  if (!existsSync(mapFile)) return totals.set('(no sourcemap)', statSync(path.join(outDir!, file)).size);
  const code = readFileSync(path.join(outDir!, file), 'utf8').split('\n');
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  decode(map.mappings).forEach((segments, line) => {
    segments.forEach((segment, index) => {
      const end = segments[index + 1]?.[0] ?? code[line]?.length ?? 0;
      const source = segment.length > 1 ? map.sources[segment[1]!]! : '(unmapped)';
      totals.set(source, (totals.get(source) ?? 0) + end - segment[0]);
    });
  });
  return totals;
}

function packageOf(source: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return match ? match[1]! : source.replace(/^(\.\.\/)+/, '');
}

const files = only ? Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.includes(only)) : entryFiles();
for (const file of [...new Set(files)]) {
  const byPackage = new Map<string, number>();
  for (const [source, bytes] of breakdown(file)) {
    byPackage.set(packageOf(source), (byPackage.get(packageOf(source)) ?? 0) + bytes);
  }
  const total = [...byPackage.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`\n${file} — ${(total / 1024).toFixed(1)} KB minified`);
  for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    if (bytes >= 300) console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${name}`);
  }
}
