/**
 * The document preview's text (docs/knowledge.md "Preview"): a ready document's passages, merged,
 * whole when short enough, otherwise a window of PREVIEW_WINDOW_PASSAGES centred on the passage
 * asked for. And the signed download of the original file.
 */
import { and, asc, between, eq } from 'drizzle-orm';
import {
  DOCUMENT_FAILED_MESSAGE,
  DOCUMENT_NOT_READY_MESSAGE,
  DOWNLOAD_LINK_TTL_SECONDS,
  PREVIEW_WINDOW_PASSAGES,
  type DocumentTextDto,
  type DownloadLinkDto,
} from '../../../../src/contract/document-preview';
import type { DbExecutor } from '../../db/database';
import { kbPassages } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { getDocument } from './documents.service';
import { mergePassages } from './passage-merge';

export const DOCUMENT_NOT_READY_CODE = 'DOCUMENT_NOT_READY';

/** The first passage of the window around `around` (clamped into the document). */
export function windowStart(total: number, around: number): number {
  if (total <= PREVIEW_WINDOW_PASSAGES) return 0;
  const centred = Math.floor(around - PREVIEW_WINDOW_PASSAGES / 2);
  return Math.max(0, Math.min(centred, total - PREVIEW_WINDOW_PASSAGES));
}

export async function documentText(db: DbExecutor, spaceId: string, documentId: string, around = 0): Promise<DocumentTextDto> {
  const document = await getDocument(db, spaceId, documentId);
  if (document.status === 'error') throw new AppError(409, DOCUMENT_FAILED_MESSAGE, DOCUMENT_NOT_READY_CODE);
  if (document.status !== 'ready') throw new AppError(409, DOCUMENT_NOT_READY_MESSAGE, DOCUMENT_NOT_READY_CODE);
  const total = document.passageCount;
  const first = windowStart(total, around);
  const last = Math.max(first, Math.min(total, first + PREVIEW_WINDOW_PASSAGES) - 1);
  const rows = await db
    .select({ ordinal: kbPassages.ordinal, content: kbPassages.content })
    .from(kbPassages)
    .where(and(eq(kbPassages.documentId, document.id), between(kbPassages.ordinal, first, last)))
    .orderBy(asc(kbPassages.ordinal));
  const { text, ranges } = mergePassages(rows);
  return {
    document: {
      id: document.id,
      filename: document.filename,
      mime_type: document.mimeType,
      size_bytes: document.sizeBytes,
      category: document.category,
      subcategory: document.subcategory,
      created_at: document.createdAt.toISOString(),
      passage_count: total,
    },
    text,
    passages: ranges,
    first_ordinal: rows[0]?.ordinal ?? 0,
    last_ordinal: rows.at(-1)?.ordinal ?? 0,
    complete: rows.length === total,
  };
}

/** A download link for the original file; any state but a missing file (errors included: the original may explain them). */
export async function downloadLink(db: DbExecutor, storage: ObjectStorage, spaceId: string, documentId: string): Promise<DownloadLinkDto> {
  const document = await getDocument(db, spaceId, documentId);
  const signed = await storage.signDownload({
    objectPath: document.objectPath,
    filename: document.filename,
    contentType: document.mimeType,
    // Always saved as a file: a knowledge document is never shown by the browser in the app's origin.
    disposition: 'attachment',
    ttlSeconds: DOWNLOAD_LINK_TTL_SECONDS,
  });
  return { url: signed.url, filename: document.filename, expires_at: signed.expiresAt.toISOString() };
}
