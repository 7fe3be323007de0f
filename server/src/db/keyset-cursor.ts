/**
 * The cursor of a keyset page: the sort key of a page's last row, handed to the client as an
 * opaque text and read back as the `(key…) > (cursor…)` bound of the next page's read. A page
 * read this way never repeats or skips a row while rows are added or removed, and costs the same
 * on the hundredth page as on the first (no OFFSET to walk past).
 */
import { AppError } from '../errors';
import { isUuid } from './ids';

export type CursorValue = string | number | boolean;
/**
 * What each value of a key is: text, a number, a yes/no, a row id (a UUID) or a moment (UTC, to
 * the microsecond, as `to_char(… 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` writes it). Ids and moments are
 * checked before they reach SQL, where a malformed one would be a database error.
 */
export type CursorKind = 'string' | 'number' | 'boolean' | 'uuid' | 'time';
type ValueOf<Kind> = Kind extends 'number' ? number : Kind extends 'boolean' ? boolean : string;

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function fits(value: unknown, kind: CursorKind): boolean {
  if (kind === 'uuid') return typeof value === 'string' && isUuid(value);
  if (kind === 'time') return typeof value === 'string' && MOMENT.test(value) && !Number.isNaN(Date.parse(value));
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (kind === 'boolean') return typeof value === 'boolean';
  return typeof value === 'string';
}

const OUT_OF_DATE = 'This page link is out of date: open the first page again';
/** A cursor that is not one of ours, or no longer fits its list (the audit log's too). */
export const invalidCursor = () => new AppError(422, OUT_OF_DATE, 'VALIDATION_ERROR');

/** The last row's sort key as a cursor (base64url of its JSON). */
export function encodeCursor(key: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * The sort key a cursor carries, checked against the kinds of the key's columns: a cursor that is
 * not one of ours (edited, or from another list) is a 422 saying to start again.
 */
export function decodeCursor<const Kinds extends readonly CursorKind[]>(cursor: string, kinds: Kinds): { [I in keyof Kinds]: ValueOf<Kinds[I]> } {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(key) || key.length !== kinds.length || !key.every((value, index) => fits(value, kinds[index]!))) throw invalidCursor();
  return key as { [I in keyof Kinds]: ValueOf<Kinds[I]> };
}

/** One page read with one row more than asked for: the extra row says whether another page follows. */
export function pageOf<Row>(rows: Row[], limit: number, keyOf: (row: Row) => readonly CursorValue[]): { rows: Row[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
