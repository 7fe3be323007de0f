/**
 * Import cycles in the source tree, between files and between folders (docs/architecture.md
 * "Floors"): a folder that imports another must not be imported back by it, directly or round a
 * longer loop, or the two can only be understood, moved and tested together. Read with
 * TypeScript's own pre-processor, type-only imports included (a type import ties two files as
 * surely for the reader). `npm run lint` runs this (tests/tools/check-import-cycles.ts), and
 * tests/build/import-cycles.test.ts shows it finds a loop.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The source roots whose files import each other (tests are not part of the house). */
export const SOURCE_ROOTS = ['src', 'sw', 'server/src'] as const;

/**
 * Folders below these are parts of one thing each (a feature, a domain of services or routes):
 * they are compared with each other. Elsewhere a file belongs to its top folder below its root.
 */
const PART_FOLDERS = ['src/features', 'server/src/services', 'server/src/routes', 'server/src/llm'];

const SOURCE_FILE = /\.(ts|tsx)$/;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(root: string, folder: string): string[] {
  const path = join(root, folder);
  if (!existsSync(path)) return [];
  return readdirSync(path).flatMap((name) => {
    const child = join(folder, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(join(root, child)).isDirectory()) return sourceFiles(root, child);
    return SOURCE_FILE.test(name) && !name.endsWith('.d.ts') ? [child] : [];
  });
}

/** The tree's relative imports, file → imported files, paths relative to `root`. */
export function importGraph(root: string, roots: readonly string[] = SOURCE_ROOTS): Map<string, Set<string>> {
  const files = roots.flatMap((folder) => sourceFiles(root, folder));
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = relative(root, resolve(root, dirname(file), fileName));
      const target = [base, ...EXTENSIONS.map((extension) => base.replace(/\.js$/, '') + extension)].find((candidate) => known.has(candidate));
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * What a file belongs to when folders are compared: its folder below a source root or a part
 * folder ('server/src/plugins', 'src/features/agents'). A file lying loose in a root or part
 * folder (server/src/app.ts at the top, server/src/errors.ts at the bottom) stands for itself:
 * such files sit on different floors, and taking them as one would make a loop of any two floors.
 */
export function folderOf(file: string): string {
  const container = [...PART_FOLDERS, ...SOURCE_ROOTS]
    .sort((a, b) => b.length - a.length)
    .find((folder) => file.startsWith(`${folder}/`));
  if (!container) return dirname(file);
  const rest = file.slice(container.length + 1).split('/');
  return rest.length > 1 ? `${container}/${rest[0]}` : file;
}

/** The graph between folders: an arrow where any file of one imports a file of the other. */
export function folderGraph(files: Map<string, Set<string>>): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const arrows = folders.get(from) ?? new Set<string>();
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from) arrows.add(to);
    }
    folders.set(from, arrows);
  }
  return folders;
}

/** The loops of a graph: its strongly connected components of two or more nodes (Tarjan), each sorted. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    lowest.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(node, Math.min(lowest.get(node)!, index.get(next)!));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** For a loop, each member's imports of the next members, 'a -> b (file -> file)', to say what ties it. */
export function describeCycle(component: readonly string[], files: Map<string, Set<string>>, byFolder: boolean): string[] {
  const members = new Set(component);
  const lines: string[] = [];
  for (const [file, targets] of files) {
    for (const target of targets) {
      const from = byFolder ? folderOf(file) : file;
      const to = byFolder ? folderOf(target) : target;
      if (from !== to && members.has(from) && members.has(to)) lines.push(byFolder ? `${from} -> ${to} (${file} -> ${target})` : `${file} -> ${target}`);
    }
  }
  return lines.sort();
}
