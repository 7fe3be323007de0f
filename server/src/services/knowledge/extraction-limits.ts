/**
 * The messages a document gets when it goes past a limit on reading it (KB_EXTRACT_* settings,
 * docs/knowledge.md "Limits"; the limits themselves are server/src/config/extraction-limits.ts).
 * Each message names the limit and says what to do.
 */
import { formatBytes } from '../../../../src/contract/format';

const count = (value: number) => value.toLocaleString('en-GB');

export const LIMIT_MESSAGES = {
  inputTooLarge: (limit: number) =>
    `This file is larger than the ${formatBytes(limit)} that Mosaic reads from one document. Split it into smaller files and upload them.`,
  unpackedTooLarge: (limit: number) =>
    `This Word document unpacks to more than ${formatBytes(limit)} of text and formatting, the most Mosaic reads from one Word file. Split it into smaller documents, or save it as PDF, and upload them.`,
  tooManyEntries: (limit: number) =>
    `This Word document is made of more than ${count(limit)} parts, the most Mosaic reads from one Word file. Save it again as a plain .docx (without embedded files) and upload it.`,
  tooManyPages: (pages: number, limit: number) =>
    `This PDF has ${count(pages)} pages; Mosaic reads at most ${count(limit)} pages from one document. Split it into smaller PDFs and upload them.`,
  textTooLong: (limit: number) =>
    `This document contains more than ${count(limit)} characters of text, the most Mosaic reads from one document. Split it into smaller documents and upload them.`,
  memory: (limitMb: number) =>
    `Reading this file needed more than the ${formatBytes(limitMb * 1024 * 1024)} of memory allowed for one document, so it was stopped. Split it into smaller documents, or save it in a simpler format (plain text or PDF), and upload them.`,
  time: (seconds: number) =>
    `Reading this file took longer than the ${count(seconds)}-second limit for one document, so it was stopped. Split it into smaller documents and upload them.`,
  crashed:
    'Reading this file stopped the text reader unexpectedly. Open the file on your computer, save it again (or export it as PDF) and upload the new copy.',
  unexpected:
    'This file could not be read. Open it on your computer, save it again (or export it as PDF) and upload the new copy.',
  stoppedTwice:
    'Processing stopped twice while this file was being read (the server was stopped or restarted), so it was not tried again. Delete the document and upload it again; if it stops again, split it into smaller files or contact support.',
} as const;
