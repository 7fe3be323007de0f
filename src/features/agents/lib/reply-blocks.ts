/**
 * A rendered reply (the HTML the Markdown renderer put on the page) read back as plain blocks:
 * headings, paragraphs, list items, quotes, code, rules and tables, each with its inline runs
 * (bold, italic, code, link). Copy-as-text writes them as clean text; the Word export builds its
 * paragraphs from them. Reading the rendered page, not the Markdown source, means both see
 * exactly what the reader saw, with no Markdown parser of their own.
 */

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  link?: string;
}

export type Block =
  | { kind: 'heading'; level: number; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[]; quote: boolean }
  | { kind: 'item'; runs: Run[]; ordered: boolean; index: number; depth: number }
  | { kind: 'code'; text: string }
  | { kind: 'rule' }
  | { kind: 'table'; rows: string[][] };

type Marks = Omit<Run, 'text'>;

function inlineRuns(node: Node, marks: Marks = {}, runs: Run[] = []): Run[] {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) {
      const text = child.textContent ?? '';
      if (text) runs.push({ text, ...marks });
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = child.tagName.toLowerCase();
    if (tag === 'ul' || tag === 'ol') continue; // nested lists are blocks of their own
    if (tag === 'br') runs.push({ text: '\n', ...marks });
    else if (tag === 'strong' || tag === 'b') inlineRuns(child, { ...marks, bold: true }, runs);
    else if (tag === 'em' || tag === 'i') inlineRuns(child, { ...marks, italic: true }, runs);
    else if (tag === 'code') inlineRuns(child, { ...marks, code: true }, runs);
    else if (tag === 'a') inlineRuns(child, { ...marks, link: child.getAttribute('href') ?? undefined }, runs);
    else inlineRuns(child, marks, runs);
  }
  return runs;
}

function trimRuns(runs: Run[]): Run[] {
  if (!runs.some((run) => run.text.trim())) return [];
  const trimmed = runs.map((run) => ({ ...run }));
  trimmed[0]!.text = trimmed[0]!.text.replace(/^\s+/, '');
  trimmed[trimmed.length - 1]!.text = trimmed[trimmed.length - 1]!.text.replace(/\s+$/, '');
  return trimmed.filter((run) => run.text !== '');
}

function listBlocks(list: Element, depth: number, quote: boolean, out: Block[]): void {
  const ordered = list.tagName.toLowerCase() === 'ol';
  const start = Number(list.getAttribute('start') ?? '1') || 1;
  Array.from(list.children)
    .filter((child) => child.tagName.toLowerCase() === 'li')
    .forEach((item, offset) => {
      out.push({ kind: 'item', runs: trimRuns(inlineRuns(item)), ordered, index: start + offset, depth });
      for (const nested of Array.from(item.querySelectorAll(':scope > ul, :scope > ol'))) listBlocks(nested, depth + 1, quote, out);
    });
}

function walk(element: Element, quote: boolean, out: Block[]): void {
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === 3) {
      const text = (child.textContent ?? '').trim();
      if (text) out.push({ kind: 'paragraph', runs: [{ text }], quote });
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = child.tagName.toLowerCase();
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) out.push({ kind: 'heading', level: Number(heading[1]), runs: trimRuns(inlineRuns(child)) });
    else if (tag === 'p') {
      const runs = trimRuns(inlineRuns(child));
      if (runs.length > 0) out.push({ kind: 'paragraph', runs, quote });
    } else if (tag === 'ul' || tag === 'ol') listBlocks(child, 0, quote, out);
    else if (tag === 'blockquote') walk(child, true, out);
    else if (tag === 'pre') out.push({ kind: 'code', text: (child.textContent ?? '').replace(/\n$/, '') });
    else if (tag === 'hr') out.push({ kind: 'rule' });
    else if (tag === 'table') {
      const rows = Array.from(child.querySelectorAll('tr')).map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? '').trim()));
      out.push({ kind: 'table', rows });
    } else walk(child, quote, out);
  }
}

/** The blocks of a rendered reply, in reading order. */
export function readBlocks(root: Element): Block[] {
  const out: Block[] = [];
  walk(root, false, out);
  return out;
}

const runsText = (runs: Run[]) => runs.map((run) => run.text).join('');

/** Clean text: no Markdown marks; bullets as "•", numbered items keep their numbers, table cells tab-separated. */
export function blocksToText(blocks: Block[]): string {
  let text = '';
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    if (index > 0) text += block.kind === 'item' && previous?.kind === 'item' ? '\n' : '\n\n';
    switch (block.kind) {
      case 'heading':
        text += runsText(block.runs);
        break;
      case 'paragraph':
        text += runsText(block.runs);
        break;
      case 'item':
        text += `${'  '.repeat(block.depth)}${block.ordered ? `${block.index}.` : '•'} ${runsText(block.runs)}`;
        break;
      case 'code':
        text += block.text;
        break;
      case 'rule':
        text += '—';
        break;
      case 'table':
        text += block.rows.map((row) => row.join('\t')).join('\n');
        break;
    }
  });
  return text;
}
