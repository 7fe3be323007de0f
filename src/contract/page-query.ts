/**
 * The query of a keyset page (docs/scale.md "Every list has a bound"): `limit` rows at most
 * (a default when absent, a maximum the server refuses past with a 422), after `cursor`, the
 * `next_cursor` the previous page answered. The cursor is opaque: the client only hands it back.
 */
import { z } from 'zod';

export function keysetPageQuery(defaultLimit: number, maxLimit: number) {
  return z.object({
    cursor: z.string().max(2000).optional().describe('The previous page’s next_cursor; absent for the first page'),
    limit: z.coerce.number().int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(maxLimit, `Limit must be at most ${maxLimit}`).default(defaultLimit),
  });
}

/** What a keyset page answers beside its rows: the cursor of the next page, null on the last. */
export const nextCursorSchema = z.string().nullable().describe('Pass as cursor for the next page; null on the last page');
