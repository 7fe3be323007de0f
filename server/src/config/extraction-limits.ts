/**
 * Limits on reading one document (KB_EXTRACT_* settings, docs/knowledge.md "Limits"), as the
 * configuration carries them to the knowledge base's text reader and its sandbox. The messages a
 * document gets past one are services/knowledge/extraction-limits.ts.
 */

/** Checked inside the sandbox while the text is read (extract-text.ts). Plain numbers: they cross a process boundary. */
export interface ContentLimits {
  /** Largest file read at all. */
  maxInputBytes: number;
  /** Word: bytes inflated from the archive's parts, counted while inflating. */
  maxUnpackedBytes: number;
  /** Word: entries in the archive. */
  maxArchiveEntries: number;
  maxPdfPages: number;
  /** Characters of extracted text. */
  maxTextChars: number;
}

/** Enforced by the sandbox around the reading (services/knowledge/sandboxed-extraction.ts). */
export interface ExtractionLimits extends ContentLimits {
  /** Resident memory and heap of the process reading one document, MiB. */
  maxMemoryMb: number;
  timeoutSeconds: number;
}
