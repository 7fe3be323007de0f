/**
 * A file whose text cannot be read, with a message the uploader can act on. Retrying would not
 * help, so the document ends in status error with this message.
 */
export class UnreadableDocumentError extends Error {
  override name = 'UnreadableDocumentError';
}

export const UNREADABLE = {
  pdfPassword: 'This PDF is password-protected. Remove the password, then upload it again.',
  pdfBroken: 'This PDF could not be read: the file is damaged or is not a real PDF. Export it again and upload the new copy.',
  docxBroken: 'This Word document could not be read: the file is damaged or is not a .docx file. Save it again as .docx and upload it.',
  jsonBroken: (reason: string) => `This JSON file is not valid JSON (${reason}). Fix it and upload it again.`,
  binaryText: 'This file does not contain readable text. Check that it is a text file saved as UTF-8 and upload it again.',
  noText: 'No text was found in this file. If it is a scanned document, run text recognition (OCR) on it first and upload the result.',
  unsupported: 'This file type cannot be processed. Upload PDF, Word (.docx), plain text, Markdown, CSV, HTML or JSON files.',
} as const;
