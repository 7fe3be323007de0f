/**
 * A page's cursor for lists read by keyset (docs/scale.md "Every list has a bound"): the sort key of
 * the last row a page listed, as opaque base64url JSON, so the next page starts strictly after it and
 * never repeats or skips a row while rows are added or removed. A cursor that does not decode to the
 * key its list expects is refused as a 422, as the audit log's is.
 */
import { AppError } from '../errors';

export type CursorKey = readonly (string | boolean)[];

export const invalidCursor = () => new AppError(422, 'This page link is out of date: open the first page again', 'VALIDATION_ERROR');

export const encodeCursor = (key: CursorKey): string => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** The key inside `cursor`, checked by `read` (which answers undefined for a key of the wrong shape). */
export function decodeCursor<T>(cursor: string, read: (parts: unknown[]) => T | undefined): T {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const key = Array.isArray(parts) ? read(parts) : undefined;
  if (key === undefined) throw invalidCursor();
  return key;
}
