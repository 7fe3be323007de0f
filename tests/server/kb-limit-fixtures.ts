/**
 * Files that go past a processing limit, generated in code: a DOCX "zip bomb" (megabytes of
 * XML zipped to kilobytes), a PDF whose page stream inflates to hundreds of megabytes, a large
 * real Word document, long PDFs.
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { createDeflate } from 'node:zlib';
import JSZip from 'jszip';
import { PDFDocument, PDFName } from 'pdf-lib';
import { pdfWithText } from './kb-fixtures';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const PACKAGE_RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const DOCUMENT_START = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOCUMENT_END = '</w:body></w:document>';

/** `word/document.xml` of about `bytes` bytes, streamed in 1 MiB pieces so the test never holds it whole. */
function documentXml(bytes: number, paragraph: (index: number) => string): Readable {
  let written = 0;
  let index = 0;
  return Readable.from(
    (function* () {
      yield DOCUMENT_START;
      while (written < bytes) {
        let piece = '';
        while (piece.length < 1024 * 1024 && written + piece.length < bytes) piece += paragraph(index++);
        written += piece.length;
        yield piece;
      }
      yield DOCUMENT_END;
    })(),
  );
}

async function docxOf(xml: Readable): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', PACKAGE_RELATIONSHIPS);
  zip.file('word/document.xml', xml);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 }, streamFiles: true });
}

/** The attack: one identical paragraph repeated until document.xml is `bytes` long (100 MiB zips to a few hundred KB). */
export function docxBomb(bytes: number): Promise<Buffer> {
  const same = `<w:p><w:r><w:t>${'A'.repeat(200)}</w:t></w:r></w:p>`;
  return docxOf(documentXml(bytes, () => same));
}

/** A genuine large Word document: varied numbered paragraphs of marketing text with formatting. */
export function largeDocx(bytes: number): Promise<Buffer> {
  return docxOf(
    documentXml(
      bytes,
      (index) =>
        `<w:p><w:pPr><w:pStyle w:val="Normal"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Section ${index}: the spring campaign targets marketing managers with a three-step nurture sequence. </w:t></w:r><w:r><w:t>Budget line ${index * 7} for paid social.</w:t></w:r></w:p>`,
    ),
  );
}

/** A PDF with `pages` pages, each with a few lines of text. */
export function pdfWithPages(pages: number): Promise<Buffer> {
  // pdfWithText starts a new page every 39 lines.
  return pdfWithText(Array.from({ length: pages * 39 }, (_, index) => `Page ${Math.floor(index / 39) + 1}, line ${index % 39}: campaign reporting notes.`));
}

/** `bytes` of spaces, deflated as a stream (the test never holds them whole). */
async function deflatedSpaces(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(deflate, 'end');
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let written = 0; written < bytes; written += block.length) {
    if (!deflate.write(block)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A one-page PDF whose content stream inflates to `inflatedBytes` (pdf.js keeps it in ArrayBuffers, outside the heap). */
export async function pdfBomb(inflatedBytes: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage();
  const contents = document.context.stream(await deflatedSpaces(inflatedBytes), { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), document.context.register(contents));
  return Buffer.from(await document.save());
}
