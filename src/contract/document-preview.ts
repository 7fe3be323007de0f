/**
 * The document preview (docs/knowledge.md "Preview"): a document's text as Mosaic read it, with
 * where each passage lies in it, so a citation can open the document at its passage; and a
 * short-lived link to download the original file.
 */
import { z } from 'zod';
import { wireId } from './wire';

/** Passages per answer at most: about 250,000 characters, a long report, still quick to show. */
export const PREVIEW_WINDOW_PASSAGES = 300;

export interface PreviewDocumentDto {
  id: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
  category: string | null;
  subcategory: string | null;
  created_at: string;
  passage_count: number;
}

/** Where passage `ordinal` lies in `text`: [start, end). Consecutive passages overlap. */
export interface PassageRange {
  ordinal: number;
  start: number;
  end: number;
}

export interface DocumentTextDto {
  document: PreviewDocumentDto;
  /** The text of passages first_ordinal…last_ordinal, overlaps merged. */
  text: string;
  passages: PassageRange[];
  first_ordinal: number;
  last_ordinal: number;
  /** Whether `text` is the whole document (else a window around the passage asked for). */
  complete: boolean;
}

export const previewDocumentSchema = z.object({
  id: wireId,
  filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  created_at: z.string(),
  passage_count: z.number().int(),
}) satisfies z.ZodType<PreviewDocumentDto>;

export const documentTextSchema = z.object({
  document: previewDocumentSchema,
  text: z.string(),
  passages: z.array(z.object({ ordinal: z.number().int(), start: z.number().int(), end: z.number().int() })),
  first_ordinal: z.number().int(),
  last_ordinal: z.number().int(),
  complete: z.boolean(),
}) satisfies z.ZodType<DocumentTextDto>;

/** GET /kb/documents/{id}/download: where to download the original from (valid for a few minutes). */
export interface DownloadLinkDto {
  url: string;
  filename: string;
  expires_at: string;
}

export const downloadLinkSchema = z.object({ url: z.string(), filename: z.string(), expires_at: z.string() }) satisfies z.ZodType<DownloadLinkDto>;

/** How long a download link works: long enough to start the download, short enough to be useless if copied. */
export const DOWNLOAD_LINK_TTL_SECONDS = 300;

export const DOCUMENT_NOT_READY_MESSAGE = 'This document is still being read. Its text can be shown once it is ready.';
export const DOCUMENT_FAILED_MESSAGE = 'This document could not be read, so there is no text to show. You can still download the original.';
