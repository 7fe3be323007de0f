import { isUuid } from '../../db/ids';
import { KB_MESSAGES, notFound } from '../../errors';

/** A document id from a path: a malformed one is simply an unknown document (404, never 422). */
export function documentId(id: string): string {
  if (!isUuid(id)) throw notFound(KB_MESSAGES.documentNotFound);
  return id;
}
