import { BRAND_ACCENT, BRAND_ACCENT_CONTRAST } from '../../../../src/contract/brand';
import type { MailMessage } from '../mailer';

/** A paragraph of text, or a link shown as a button in the app's accent colour (HTML) and as the bare address (text). */
export type MailBlock = string | { href: string; label: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

/** Names typed by people end up in the subject: one line, whatever they contain. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const SIGNATURE = 'Mosaic';

function textOf(blocks: readonly MailBlock[]): string {
  const parts = blocks.map((block) => (typeof block === 'string' ? block : `${block.label}:\n${block.href}`));
  return `${['Hello,', ...parts, SIGNATURE].join('\n\n')}\n`;
}

function htmlOf(subject: string, blocks: readonly MailBlock[]): string {
  const paragraph = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const body = blocks.map((block) => {
    if (typeof block === 'string') return paragraph(escapeHtml(block));
    const href = escapeHtml(block.href);
    return [
      paragraph(
        `<a href="${href}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:${BRAND_ACCENT.hex};color:${BRAND_ACCENT_CONTRAST};text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a>`,
      ),
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">Or paste this address into your browser:<br>${href}</p>`,
    ].join('\n');
  });
  return [
    '<!doctype html>',
    `<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:15px;line-height:1.5;color:#1c2024">',
    '<div style="max-width:560px">',
    paragraph('Hello,'),
    ...body,
    paragraph(SIGNATURE),
    '</div></body></html>',
  ].join('\n');
}

/** One message with the same words in its plain-text and HTML bodies. */
export function composeMail(to: string, subject: string, blocks: readonly MailBlock[]): MailMessage {
  const cleanSubject = oneLine(subject);
  return { to, subject: cleanSubject, text: textOf(blocks), html: htmlOf(cleanSubject, blocks) };
}
