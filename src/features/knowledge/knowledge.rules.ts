/**
 * Who may delete a knowledge document. The server enforces it (DELETE /kb/documents/{id} answers
 * 403 with this text); the screen uses the same rule to disable the button and say why.
 */
import { isOrgManagerRole, type Role } from '../auth/auth.types';

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
