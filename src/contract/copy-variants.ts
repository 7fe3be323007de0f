/**
 * Copy variants in an agent's reply: the concepts, headlines or subject lines a team tests against
 * each other. "Save variants to assets" keeps each as its own text asset. Shared: the screen offers
 * the action only when a reply has variants, and the server splits the stored reply the same way.
 */

export interface CopyVariant {
  /** Its headline or first line, as plain text. */
  title: string;
  /** The variant's Markdown, as written in the reply. */
  body: string;
}

/** Sections whose items are alternatives to choose between. */
const VARIANT_SECTION = /\b(concepts?|variants?|variations?|headlines?|subject lines?|taglines?|options?|ad copy|copy ideas?)\b/i;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const MAX_TITLE = 80;

function plain(text: string): string {
  return text
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function titleOf(body: string): string {
  const first = body.split('\n').find((line) => line.trim()) ?? '';
  const title = plain(first.replace(HEADING, '$2')).replace(/[:–—-]\s*$/, '');
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1).trimEnd()}…` : title;
}

/** The lines of the first section whose heading names alternatives, without the heading. */
function variantSection(lines: string[]): string[] | null {
  for (let index = 0; index < lines.length; index += 1) {
    const heading = HEADING.exec(lines[index]!);
    if (!heading || !VARIANT_SECTION.test(heading[2]!)) continue;
    const level = heading[1]!.length;
    const section: string[] = [];
    for (const line of lines.slice(index + 1)) {
      const next = HEADING.exec(line);
      if (next && next[1]!.length <= level) break;
      section.push(line);
    }
    return section;
  }
  return null;
}

/** Splits lines into blocks, each starting at a line `starts` accepts; text before the first is dropped. */
function blocksStartingAt(lines: string[], starts: (line: string) => boolean): string[] {
  const blocks: string[][] = [];
  for (const line of lines) {
    if (starts(line)) blocks.push([line]);
    else if (blocks.length > 0) blocks[blocks.length - 1]!.push(line);
  }
  return blocks.map((block) => block.join('\n').trim()).filter(Boolean);
}

/**
 * The variants of a reply, or [] when it has fewer than two. Within the first section named like
 * "Concepts" or "Subject lines": sub-headings, else paragraphs led by a bold line, else numbered
 * items, else bullet items — the first of these that gives two or more.
 */
export function copyVariantsOf(markdown: string): CopyVariant[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const section = variantSection(lines);
  if (!section) return [];
  const strategies: ((line: string) => boolean)[] = [
    (line) => HEADING.test(line),
    (line) => /^\*\*[^*]+\*\*/.test(line),
    (line) => /^\d+[.)]\s+\S/.test(line),
    (line) => /^[-*+]\s+\S/.test(line),
  ];
  for (const starts of strategies) {
    const blocks = blocksStartingAt(section, starts);
    if (blocks.length >= 2) return blocks.map((body) => ({ title: titleOf(body) || 'Variant', body }));
  }
  return [];
}
