/**
 * The sandbox task that reads a document's text (run by sandboxed-extraction.ts in a capped
 * process; see server/src/sandbox/sandbox.ts). Input and output cross a process boundary.
 */
import type { ContentLimits } from '../../config/extraction-limits';
import { extractText } from './extract-text';
import type { DocumentKind } from './file-types';

export interface ExtractTaskInput {
  kind: DocumentKind | undefined;
  /** The file's bytes (a Buffer arrives as a Uint8Array). */
  bytes: Uint8Array;
  limits: ContentLimits;
}

export function runTask(input: ExtractTaskInput): Promise<string> {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  return extractText(input.kind, bytes, input.limits);
}
