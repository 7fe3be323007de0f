/**
 * The import-loop check `npm run lint` runs (tests/tools/check-import-cycles.ts): it finds a loop
 * between files and one between folders in a small tree, ignores a one-way import, and the
 * project's own tree has none.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cycles, folderGraph, folderOf, importGraph } from '../tools/import-cycles';

const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('import loops', () => {
  it('finds two files that import each other, a type import included', () => {
    const root = tree({
      'src/lib/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'src/lib/b.ts': "import type { A } from './a';\nexport const b = 1;\n",
    });
    expect(cycles(importGraph(root))).toEqual([['src/lib/a.ts', 'src/lib/b.ts']]);
  });

  it('finds two features that import each other through different files, and not a one-way import', () => {
    const root = tree({
      'src/features/agents/Chat.tsx': "import { Save } from '../assets/Save';\n",
      'src/features/assets/Save.tsx': "export const Save = 1;\n",
      'src/features/assets/Preview.tsx': "import { Reply } from '../agents/Reply';\n",
      'src/features/agents/Reply.tsx': "export const Reply = 1;\n",
      'src/features/billing/Plan.tsx': "import { Save } from '../assets/Save';\n",
    });
    const files = importGraph(root);
    expect(cycles(files)).toEqual([]);
    expect(cycles(folderGraph(files))).toEqual([['src/features/agents', 'src/features/assets']]);
  });

  it('takes a file lying loose in a top folder as itself, so the top and the bottom file are not one room', () => {
    expect(folderOf('server/src/app.ts')).toBe('server/src/app.ts');
    expect(folderOf('server/src/plugins/auth.ts')).toBe('server/src/plugins');
    expect(folderOf('server/src/services/agents/runner.ts')).toBe('server/src/services/agents');
    expect(folderOf('src/features/agents/components/Composer.tsx')).toBe('src/features/agents');
  });

  it('finds none in the project', () => {
    const files = importGraph(fileURLToPath(new URL('../..', import.meta.url)));
    expect(files.size).toBeGreaterThan(500);
    expect(cycles(files)).toEqual([]);
    expect(cycles(folderGraph(files))).toEqual([]);
  });
});
