/**
 * Full-text indexes scoped by space (docs/scale.md "Search scoped by space").
 *
 * Every search in Mosaic is within one space, but a GIN index over a tsvector holds one entry per
 * word for the whole platform: a common word's entry lists its rows in every organisation, and a
 * search reads all of them before the space narrows them down (17 ms for three common words with a
 * million passages, whatever the space's size). Indexing `mosaic_space_lexemes(space_id, vector)`
 * instead — each word prefixed with the space's key — gives every space its own entries in the
 * same index, so a search reads its own space's matches only (0.6 ms for the same search).
 *
 * The two SQL functions are created by migration 0023:
 * - `mosaic_space_lexemes(space uuid, document tsvector)`: the document's words, each prefixed with
 *   the space's key (positions and weights dropped: the index only finds rows; ranking and
 *   highlighting still read the stored vector);
 * - `mosaic_space_tsquery(space uuid, query tsquery)`: the query with each word prefixed the same
 *   way (prefix searches such as `'launch':*` keep working) and each phrase operator read as AND,
 *   since the index has no positions: callers that search phrases check the stored vector too.
 * The key is the first 12 hexadecimal digits of the space's id: two spaces sharing them would only
 * share index entries, never results, since every search also filters by `space_id`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The index expression: a tsvector column's words as the space's own (for `index().using('gin', …)`). */
export const spaceLexemes = (space: AnyPgColumn, vector: AnyPgColumn): SQL => sql`mosaic_space_lexemes(${space}, ${vector})`;

/**
 * A row's stored vector matches `query` within `spaceId`'s space, read through the scoped index.
 * `space` and `vector` are the row's columns as the statement names them (e.g. sql`m.space_id`);
 * the expression must be the indexed one for PostgreSQL to use the index.
 */
export const matchesInSpace = (space: SQL, vector: SQL, spaceId: string, query: SQL): SQL =>
  sql`mosaic_space_lexemes(${space}, ${vector}) @@ mosaic_space_tsquery(${spaceId}::uuid, ${query})`;
