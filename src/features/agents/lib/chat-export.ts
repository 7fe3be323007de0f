/**
 * Taking a chat elsewhere: copy a reply as clean text or Markdown, and export the whole chat as a
 * Markdown file (here) or a Word document (chat-docx.ts, downloaded only when asked for, so the
 * Word library never weighs on opening a chat).
 */
import { blocksToText, readBlocks } from './reply-blocks';
import { sourcesSection } from '../citations/sources-text';
import { exportStamp, speaker, type ChatForExport } from './export-labels';

/** The chat as one Markdown document: its title, then each message under who wrote it and when. */
export function chatToMarkdown(chat: ChatForExport): string {
  const parts = [`# ${chat.title}`];
  for (const message of chat.messages) {
    parts.push(`## ${speaker(chat, message.role)} · ${exportStamp(message.createdAt)}`);
    parts.push(`${message.content.trim()}${sourcesSection(message.citations, 'markdown')}`);
  }
  return `${parts.join('\n\n')}\n`;
}

/** How long a file name's title part may be (file systems and mail attachments cope with it). */
const FILE_NAME_MAX = 80;

/**
 * A file name from the whole chat title: letters, digits and dashes only, never empty, never dots;
 * a long title stops at the last whole word that fits.
 */
export function exportFileName(title: string, extension: 'md' | 'docx'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = slug.length > FILE_NAME_MAX ? slug.slice(0, FILE_NAME_MAX + 1).replace(/-[^-]*$/, '') || slug.slice(0, FILE_NAME_MAX) : slug;
  return `${cut || 'chat'}.${extension}`;
}

export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the file to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadMarkdown(chat: ChatForExport): void {
  downloadFile(new Blob([chatToMarkdown(chat)], { type: 'text/markdown;charset=utf-8' }), exportFileName(chat.title, 'md'));
}

export async function downloadWord(chat: ChatForExport): Promise<void> {
  const { chatToDocx } = await import('./chat-docx');
  downloadFile(await chatToDocx(chat), exportFileName(chat.title, 'docx'));
}

/** A rendered reply as clean text (what the reader saw, without Markdown marks). */
export function renderedText(rendered: Element): string {
  return blocksToText(readBlocks(rendered));
}
