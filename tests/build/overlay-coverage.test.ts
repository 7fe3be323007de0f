/**
 * A menu, popover or dialog cannot be added without its axe check: every component file of src/
 * that renders one is opened by a state of the accessibility sweep (tests/e2e/overlay-coverage.ts
 * says which), or is listed with the reason it is not yet. Menus come from src/ui/DropdownMenu.tsx,
 * which makes them non-modal, and selects from src/ui/Select.tsx, whose open list leaves the page
 * visible (docs/accessibility.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NOT_SWEPT, OVERLAY_ROOT, SWEPT } from '../e2e/overlay-coverage';

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = join(root, 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, 'utf8') }));
const withOverlay = files.filter((file) => OVERLAY_ROOT.test(file.text)).map((file) => file.path);
/** The sweep's state names, as written in its tables. */
const sweep = ['accessibility.e2e.ts', 'accessibility-overlays.ts', 'accessibility-selects.ts'].map((name) => readFileSync(join(root, 'tests/e2e', name), 'utf8')).join('\n');
const stateNames = new Set([...sweep.matchAll(/\bname: (['"])(.+?)\1,/g)].map((match) => match[2]));

describe('every menu, popover and dialog is opened by the accessibility sweep', () => {
  it('finds the overlays of src/ (the check is looking at the right files)', () => {
    expect(withOverlay).toContain('app/shell/AccountMenu.tsx');
    expect(withOverlay).toContain('features/agents/components/ExportMenu.tsx');
    expect(withOverlay.length).toBeGreaterThan(30);
  });

  it('has a state, or a stated reason, for every file that renders one', () => {
    const unlisted = withOverlay.filter((path) => !(path in SWEPT) && !(path in NOT_SWEPT));
    expect(unlisted, 'add a state that opens it to tests/e2e/accessibility-overlays.ts and the file to SWEPT in tests/e2e/overlay-coverage.ts').toEqual([]);
  });

  it('names only states the sweep has, for files that still render an overlay', () => {
    const missing = Object.entries(SWEPT).flatMap(([path, states]) => states.filter((state) => !stateNames.has(state)).map((state) => `${path}: "${state}"`));
    expect(missing).toEqual([]);
    const stale = [...Object.keys(SWEPT), ...Object.keys(NOT_SWEPT)].filter((path) => !withOverlay.includes(path));
    expect(stale).toEqual([]);
  });

  it('takes every dropdown menu from src/ui/DropdownMenu.tsx (non-modal, inside its landmark)', () => {
    const direct = files.filter((file) => file.path !== join('ui', 'DropdownMenu.tsx') && /import\s*\{[^}]*\bDropdownMenu\b[^}]*\}\s*from\s*'@radix-ui\/themes'/.test(file.text));
    expect(direct.map((file) => file.path)).toEqual([]);
  });

  it('takes every select from src/ui/Select.tsx (its open list leaves the page visible, inside its landmark)', () => {
    const direct = files.filter((file) => file.path !== join('ui', 'Select.tsx') && /import\s*\{[^}]*\bSelect\b[^}]*\}\s*from\s*'@radix-ui\/themes'/.test(file.text));
    expect(direct.map((file) => file.path)).toEqual([]);
  });
});
