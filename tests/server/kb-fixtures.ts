/**
 * Test files for the knowledge base, generated in code: real PDF (pdf-lib) and DOCX (docx)
 * files, plus deliberately broken ones.
 */
import { createHash } from 'node:crypto';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const MIME = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  json: 'application/json',
} as const;

export function sha256(bytes: Buffer | Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A one-page (or more) PDF with real text objects. */
export async function pdfWithText(lines: string[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  let page = document.addPage();
  let y = 760;
  for (const line of lines) {
    if (y < 60) {
      page = document.addPage();
      y = 760;
    }
    page.drawText(line, { x: 50, y, size: 11, font });
    y -= 18;
  }
  return Buffer.from(await document.save());
}

/** A PDF with pages but no text at all (as a scanned document looks without OCR). */
export async function pdfWithoutText(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage();
  return Buffer.from(await document.save());
}

/** The start of a PDF and then nonsense: what a truncated or mislabelled download looks like. */
export function brokenPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R'), Buffer.from('\u0000\u00ff garbage without xref '.repeat(20))]);
}

export async function docxWithText(paragraphs: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return Packer.toBuffer(document);
}

/** A realistic brand-guidelines text (category brand). */
export const BRAND_GUIDELINES = [
  'Acme brand guidelines',
  'Our tone of voice is warm, direct and confident. We write the way we speak to a customer we respect.',
  'Logo usage: keep clear space around the logo equal to the height of the letter A. Never stretch the logo.',
  'Colour palette: Acme Violet #5B5BD6 is our primary colour; typography uses Inter for headings and body text.',
].join('\n\n');

/** A campaign brief about email marketing (category campaigns). */
export const EMAIL_CAMPAIGN = [
  'Spring newsletter campaign brief',
  'Goal: raise the open rate of the spring newsletter to 35% with a clearer subject line and a three-step nurture sequence.',
  'Audience: trial users in week two. The email drip sends on day 8, day 10 and day 13.',
].join('\n\n');
