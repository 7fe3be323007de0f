/**
 * A remark plugin: the reply's citation markers ([2], [1, 3], [1][2]) become links to `#cite-<n>`,
 * which the reply renderer draws as source chips (CitationMarker). Only numbers the reply has a
 * citation for are turned into links; anything else stays as written. Code and existing links are
 * left alone.
 */
import type { Link, Parent, Root, RootContent, Text } from 'mdast';
import { CITATION_MARKER } from '../../contract/citations';

export const CITE_HREF_PREFIX = '#cite-';

const SKIPPED = new Set(['link', 'linkReference', 'inlineCode', 'code', 'definition']);

function splitText(node: Text, known: ReadonlySet<number>): RootContent[] {
  const parts: RootContent[] = [];
  let last = 0;
  for (const match of node.value.matchAll(CITATION_MARKER)) {
    const numbers = match[1]!.split(',').map((part) => Number(part.trim()));
    if (!numbers.every((n) => known.has(n))) continue;
    if (match.index > last) parts.push({ type: 'text', value: node.value.slice(last, match.index) });
    for (const n of numbers) {
      const link: Link = { type: 'link', url: `${CITE_HREF_PREFIX}${n}`, title: null, children: [{ type: 'text', value: String(n) }] };
      parts.push(link);
    }
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return [node];
  if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) });
  return parts;
}

function walk(parent: Parent, known: ReadonlySet<number>): void {
  const children: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    if (child.type === 'text') children.push(...splitText(child, known));
    else {
      if ('children' in child && !SKIPPED.has(child.type)) walk(child as Parent, known);
      children.push(child);
    }
  }
  parent.children = children as Parent['children'];
}

/** The plugin, for the citation numbers a reply has. */
export function remarkCitations(numbers: readonly number[]) {
  const known = new Set(numbers);
  return () => (tree: Root) => {
    if (known.size > 0) walk(tree, known);
  };
}
