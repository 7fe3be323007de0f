/**
 * A chat as a Word document (.docx, the `docx` package). Loaded only when a user exports to Word.
 * Replies are rendered by the same Markdown renderer as on screen, then read back as blocks
 * (reply-blocks.ts), so the document shows what the chat showed: headings, bold, lists, quotes,
 * tables and links, never Markdown marks.
 */
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BorderStyle, Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType, type ParagraphChild } from 'docx';
import { Markdown } from '../../../ui/markdown/Markdown';
import { exportStamp, speaker, type ChatForExport } from './export-labels';
import { readBlocks, type Block, type Run } from './reply-blocks';
import { sourcesSection } from '../citations/sources-text';

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];
const MONO = 'Consolas';

function textRuns(runs: Run[]): ParagraphChild[] {
  return runs.map((run) => {
    const lines = run.text.split('\n');
    const pieces = lines.map((line, index) => new TextRun({ text: line, bold: run.bold, italics: run.italic, font: run.code ? MONO : undefined, break: index > 0 ? 1 : undefined, style: run.link ? 'Hyperlink' : undefined }));
    return run.link && /^(https?:|mailto:)/i.test(run.link) ? new ExternalHyperlink({ link: run.link, children: pieces }) : pieces;
  }).flat();
}

/**
 * One block as Word content. `headingOffset`: a reply's own headings sit under the message heading
 * (level 2), so in a chat they start at level 3; a document of its own (an Agent Mode deliverable)
 * keeps its levels (0).
 */
export function blockToDocx(block: Block, headingOffset = 2): Paragraph | Table {
  switch (block.kind) {
    case 'heading':
      return new Paragraph({ heading: HEADINGS[Math.min(block.level + headingOffset, 6) - 1], children: textRuns(block.runs) });
    case 'paragraph':
      return new Paragraph({ children: textRuns(block.runs), indent: block.quote ? { left: 567 } : undefined, border: block.quote ? { left: { style: BorderStyle.SINGLE, size: 12, color: 'AAAAAA', space: 8 } } : undefined });
    case 'item':
      return block.ordered
        ? new Paragraph({ children: [new TextRun(`${block.index}. `), ...textRuns(block.runs)], indent: { left: 567 * (block.depth + 1), hanging: 284 } })
        : new Paragraph({ children: textRuns(block.runs), bullet: { level: block.depth } });
    case 'code':
      return new Paragraph({ children: block.text.split('\n').map((line, index) => new TextRun({ text: line, font: MONO, break: index > 0 ? 1 : undefined })) });
    case 'rule':
      return new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'AAAAAA', space: 1 } } });
    case 'table':
      return new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: block.rows.map((row, rowIndex) => new TableRow({ children: row.map((cell) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: cell, bold: rowIndex === 0 })] })] })) })),
      });
  }
}

/** Renders a reply's Markdown off screen, exactly as the chat does, and reads it back as blocks. */
export function replyBlocks(markdown: string): Block[] {
  const host = document.createElement('div');
  const root = createRoot(host);
  flushSync(() => root.render(createElement(Markdown, { text: markdown })));
  const blocks = readBlocks(host);
  root.unmount();
  return blocks;
}

export async function chatToDocx(chat: ChatForExport): Promise<Blob> {
  const children: (Paragraph | Table)[] = [new Paragraph({ heading: HeadingLevel.TITLE, text: chat.title })];
  for (const message of chat.messages) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, text: `${speaker(chat, message.role)} · ${exportStamp(message.createdAt)}` }));
    if (message.role === 'user') {
      // The user's words as typed: one paragraph per line.
      for (const line of message.content.split('\n')) children.push(new Paragraph({ text: line }));
    } else {
      // The sources its [n] markers point at follow the reply, as in the Markdown export.
      children.push(...replyBlocks(`${message.content}${sourcesSection(message.citations, 'markdown')}`).map((block) => blockToDocx(block)));
    }
  }
  const document = new Document({ title: chat.title, creator: 'Mosaic', sections: [{ children }] });
  return Packer.toBlob(document);
}
