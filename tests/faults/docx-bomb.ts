/**
 * A Word document that is small on the wire and enormous unpacked (a "zip bomb"): a valid .docx
 * whose word/document.xml is `unpackedMiB` of the same paragraph over and over, which DEFLATE
 * squeezes about a thousandfold. Built with jszip, as any attacker could.
 */
import JSZip from 'jszip';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

const RELATIONSHIPS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const PARAGRAPH = '<w:p><w:r><w:t>All work and no play makes the launch plan a dull read.</w:t></w:r></w:p>';

export async function docxBomb(unpackedMiB: number): Promise<{ bytes: Buffer; unpackedBytes: number }> {
  const open = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
  const close = '</w:body></w:document>';
  const repeats = Math.ceil((unpackedMiB * 1024 * 1024) / PARAGRAPH.length);
  const documentXml = Buffer.from(open + PARAGRAPH.repeat(repeats) + close);
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', RELATIONSHIPS);
  zip.file('word/document.xml', documentXml);
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
  return { bytes, unpackedBytes: documentXml.length };
}
