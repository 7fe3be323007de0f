/**
 * Product text is written in British English ("Organisation", "colour", "analyse"). This reads
 * every text a person can meet in the sources (the client, the service worker, the server's
 * messages and mails) with the TypeScript parser and fails on an American spelling.
 *
 * What counts as text: JSX text, the text attributes of JSX elements (aria-label, title, label, …)
 * and string or template literals that read as words (a space in them, or a capital followed by
 * small letters). Identifiers, object keys, imports, type literals and one-word lower-case values
 * (an API field such as 'organization', a Radix colour such as 'gray') are code, not text.
 * Texts the product specification quotes word for word stay as it spells them (SPEC_QUOTED).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_FOLDERS = ['src', 'sw', 'server/src'];

/** American spellings and the British ones the product uses instead. */
const AMERICAN = /\b(organiz\w*|colors?|colored|coloring|analyz\w*|initializ\w*|customiz\w*|authoriz\w*|recogniz\w*|optimiz\w*|summariz\w*|categoriz\w*|prioritiz\w*|personaliz\w*|utiliz\w*|behaviors?|favorites?|centers?|centered|canceled|canceling|catalogs?|labeled|labeling|modeling|gray)\b/i;

/** Texts the specification quotes word for word, in its own spelling (spec 000 §5, 001 §9). */
const SPEC_QUOTED = [
  'Access denied. You may not have permission to access any spaces in this organization.',
  'Failed to initialize spaces',
  'Failed to initialize spaces after login',
  'Failed to initialize spaces: ',
  'Space context required for ',
  ' but no space ID available. Please ensure spaces are initialized before making this request.',
  'Failed to fetch organization',
  'Failed to update organization',
];

/** JSX attributes whose value is shown or read out; every other attribute is code (className, color, align…). */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'label', 'description', 'placeholder', 'hint', 'alt', 'emptyTitle', 'emptyText', 'confirmLabel']);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

const readsAsWords = (text: string) => /\s/.test(text.trim()) || /^[A-Z][a-z]/.test(text);

/**
 * Code that happens to be written in a string: CSS (`color:#555`, `prefers-color-scheme`), the
 * HTTP header `Authorization`, SQL (`ANALYZE`) and the words a document is matched on, which must
 * find American documents too (`keywords: ['colour palette', 'color palette']`).
 */
function isCodeText(node: ts.Node, text: string): boolean {
  if (/\b(colou?r|prefers-color-scheme)\s*[:)]|prefers-color-scheme/.test(text) || text === 'Authorization' || /^ANALYZE\b/.test(text)) return true;
  const holder = ts.isArrayLiteralExpression(node.parent) ? node.parent.parent : undefined;
  return holder !== undefined && ts.isPropertyAssignment(holder) && holder.name.getText() === 'keywords';
}

/** A part of a tagged template (`sql\`…\``): the tag reads it, not a person. */
function isTagged(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isTaggedTemplateExpression(at)) return true;
    if (ts.isTemplateExpression(at) || ts.isTemplateSpan(at)) continue;
    return false;
  }
  return false;
}

/** Whether a literal is code by where it stands: a key, an import, a type, a JSX attribute that is not text. */
function isCodePosition(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return true;
  if (ts.isJsxAttribute(parent)) return !TEXT_ATTRIBUTES.has(parent.name.getText());
  return false;
}

interface Finding {
  where: string;
  text: string;
}

function americanTexts(file: string): Finding[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const check = (node: ts.Node, text: string) => {
    if (!AMERICAN.test(text) || SPEC_QUOTED.includes(text) || isCodeText(node, text) || isTagged(node)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    findings.push({ where: `${relative(root, file)}:${line + 1}`, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) check(node, node.text);
    else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && readsAsWords(node.text) && !isCodePosition(node)) check(node, node.text);
    else if ((ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) && readsAsWords(node.text)) check(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe('product text in British English', () => {
  it('finds the American spellings it looks for (a scan that finds nothing proves nothing)', () => {
    expect(AMERICAN.test('Organization Admin')).toBe(true);
    expect(AMERICAN.test('Pick a color')).toBe(true);
    expect(AMERICAN.test('Organisation Admin, colour, analyse')).toBe(false);
  });

  it('uses no American spelling in any text a person reads, but where the specification quotes one', () => {
    const findings = SOURCE_FOLDERS.flatMap(sourceFiles).flatMap(americanTexts);
    expect(findings).toEqual([]);
  });
});
