/** Wire shapes of the knowledge-base API (spec 001 §3, §7; docs/knowledge.md). */
import { isOrgManagerRole, type Role } from './auth';

/** Document status (spec 001 §3–§4): uploading → processing after commit → ready or error. */
export const KB_DOCUMENT_STATUSES = ['uploading', 'processing', 'ready', 'error'] as const;
export type DocumentStatus = (typeof KB_DOCUMENT_STATUSES)[number];

/**
 * GET /kb/documents answers a page at a time (docs/scale.md "Every list has a bound"): `limit`
 * documents (KB_DOCUMENTS_PAGE_DEFAULT unless asked, at most KB_DOCUMENTS_PAGE_MAX) and the cursor of
 * the next page, null on the last.
 */
export const KB_DOCUMENTS_PAGE_DEFAULT = 200;
export const KB_DOCUMENTS_PAGE_MAX = 500;

export interface KnowledgeDocument {
  id: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
  status: DocumentStatus;
  created_at: string;
  updated_at?: string;
  error_message: string | null;
  rag_file_id: string | null;
  hash: string | null;
  category: string | null;
  subcategory: string | null;
  auto_categorized: boolean;
  confidence_score: number | null;
  passage_count?: number;
  /** The uploader's user id; members may delete only their own uploads (deleteDocumentBlockedReason below). */
  uploaded_by?: string | null;
}

/** A ready document's text as a draft to edit (the brand voice): GET /kb/documents/{id}/text's first window. */
export interface DocumentText {
  id: string;
  filename: string;
  text: string;
  /** Only the document's beginning came (a long document is read in windows: document-preview.ts). */
  truncated: boolean;
}

export interface HashCheckResult {
  non_existing_hashes: string[];
  existing?: { hash: string; document_id: string; filename: string }[];
}

export interface SignedUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  object_path: string;
  /** The type the URL is bound to (the server resolves generic types by extension). */
  content_type?: string;
}

export interface CommitPayload {
  object_path: string;
  filename: string;
  size: number;
  mime: string;
  hash: string;
  auto_categorized: boolean;
  category: string | null;
  subcategory: string | null;
}

/**
 * GET /kb/documents/stream: a text/event-stream of the space's documents being processed
 * (docs/knowledge.md "Status stream"). `document` carries a document as the status endpoint answers
 * it: first every document in processing, then each followed one whenever its status changes,
 * ending with ready or error. `gone` ({id}) says a followed document was deleted. A comment line
 * every 15 s keeps it open; it ends when the client leaves or the server stops.
 */
export const DOCUMENT_STREAM_EVENTS = { document: 'document', gone: 'gone' } as const;

export interface DocumentGone {
  id: string;
}

export interface KnowledgeContext {
  passage: string;
  document_id: string;
  /** Which passage of the document (0-based): the document preview opens there. */
  ordinal: number;
  filename: string;
  score: number;
  highlights: string[];
}

/**
 * Who may delete a knowledge document. The server enforces it (DELETE /kb/documents/{id} answers
 * 403 with this text); the screen uses the same rule to disable the button and say why.
 */

export interface DocumentActor {
  id: string;
  role: Role;
}

export const DELETE_OTHERS_DOCUMENT_REASON =
  'Members can delete only the documents they uploaded. Ask an organisation owner or admin to delete this one.';

/**
 * Why `actor` may not delete a document uploaded by `uploadedBy` (null: the uploader's account
 * is gone), or null when they may: owners and admins delete anything, members their own uploads.
 */
export function deleteDocumentBlockedReason(actor: DocumentActor, uploadedBy: string | null | undefined): string | null {
  if (isOrgManagerRole(actor.role)) return null;
  return uploadedBy && uploadedBy === actor.id ? null : DELETE_OTHERS_DOCUMENT_REASON;
}
