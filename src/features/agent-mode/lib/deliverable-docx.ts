/**
 * A deliverable as a Word document (.docx, the `docx` package), loaded only when someone exports
 * to Word. Rendered by the same Markdown renderer as on screen and read back as blocks, like a
 * chat's export: the document shows what the screen showed, never Markdown marks.
 */
import { Document, Packer } from 'docx';
import { blockToDocx, replyBlocks } from '../../agents/lib/chat-docx';

/** `markdown`: the deliverable as its Markdown export has it (deliverable-export.ts), title heading included. */
export async function deliverableToDocx(title: string, markdown: string): Promise<Blob> {
  const children = replyBlocks(markdown).map((block) => blockToDocx(block, 0));
  const document = new Document({ title, creator: 'Mosaic', sections: [{ children }] });
  return Packer.toBlob(document);
}
