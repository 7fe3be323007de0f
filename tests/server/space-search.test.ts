/**
 * The full-text indexes scoped by space (server/src/db/schema/space-search.ts, migration 0023): a
 * search through them finds exactly what matching the stored vector finds, in its own space only —
 * also between two spaces whose ids share the 12 digits the index keys words with — and the
 * migrated tables' searches read the scoped index, not the whole table.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchesInSpace } from '../../server/src/db/schema/space-search';
import { appForSuite } from '../helpers/suite-fixtures';

/** Two spaces sharing their first 12 hexadecimal digits (the index key), and a third that does not. */
const HERE = 'f3da0e74-8f68-4ca6-8f34-9a338bdb82a5';
const SAME_KEY = 'f3da0e74-8f68-4000-8000-000000000001';
const ELSEWHERE = '0a1b2c3d-4e5f-4000-8000-000000000002';

const TEXTS: Array<[space: string, text: string]> = [
  [HERE, 'The spring campaign launches next week with a brand video'],
  [HERE, 'Launching the newsletter: our audience wants shorter emails'],
  [HERE, 'Brand voice notes for the summer campaign'],
  [SAME_KEY, 'The autumn campaign launches with the same brand video'],
  [ELSEWHERE, 'Campaign launch checklist for the brand team'],
];

describe('full-text search scoped by space', () => {
  const t = appForSuite();
  const rows = async (query: ReturnType<typeof sql>): Promise<string[]> => {
    const result = await t.database.db.execute(query);
    return (result as unknown as { rows: { content: string }[] }).rows.map((row) => row.content).sort();
  };

  beforeAll(async () => {
    await t.database.db.execute(sql`create temporary table scoped_docs (space_id uuid not null, content text not null, tsv tsvector generated always as (to_tsvector('english', content)) stored)`);
    for (const [space, text] of TEXTS) await t.database.db.execute(sql`insert into scoped_docs (space_id, content) values (${space}::uuid, ${text})`);
  });

  /** What the scoped match finds in `space`, and what the plain match on the stored vector finds there. */
  async function bothWays(space: string, query: ReturnType<typeof sql>) {
    const scoped = await rows(sql`select content from scoped_docs d where d.space_id = ${space}::uuid and ${matchesInSpace(sql`d.space_id`, sql`d.tsv`, space, query)}`);
    const plain = await rows(sql`select content from scoped_docs d where d.space_id = ${space}::uuid and d.tsv @@ ${query}`);
    return { scoped, plain };
  }

  it('finds what the stored vector matches, stemmed and as prefixes, in its own space only', async () => {
    const { scoped, plain } = await bothWays(HERE, sql`to_tsquery('english', 'campaign:* & launch:*')`);
    expect(scoped).toEqual(['The spring campaign launches next week with a brand video']);
    expect(scoped).toEqual(plain);
    const prefix = await bothWays(HERE, sql`to_tsquery('english', 'launch:*')`);
    expect(prefix.scoped).toHaveLength(2);
    expect(prefix.scoped).toEqual(prefix.plain);
  });

  it('keeps spaces apart even when their ids share the index key', async () => {
    const { scoped } = await bothWays(SAME_KEY, sql`to_tsquery('english', 'campaign & brand')`);
    expect(scoped).toEqual(['The autumn campaign launches with the same brand video']);
    expect((await bothWays(ELSEWHERE, sql`to_tsquery('english', 'campaign & brand')`)).scoped).toEqual(['Campaign launch checklist for the brand team']);
  });

  it('reads OR, NOT and a phrase (as both words: the caller checks the phrase on the stored vector)', async () => {
    const either = await bothWays(HERE, sql`websearch_to_tsquery('english', 'newsletter or voice')`);
    expect(either.scoped).toHaveLength(2);
    expect(either.scoped).toEqual(either.plain);
    const without = await bothWays(HERE, sql`websearch_to_tsquery('english', 'brand -summer')`);
    expect(without.scoped).toEqual(['The spring campaign launches next week with a brand video']);
    const phrase = await bothWays(HERE, sql`websearch_to_tsquery('english', '"video brand"')`);
    // Both words are in the first text, not as that phrase: the scoped index finds the candidate.
    expect(phrase.scoped).toEqual(['The spring campaign launches next week with a brand video']);
    expect(phrase.plain).toEqual([]);
  });

  it('keeps a quote inside a word', async () => {
    const result = await t.database.db.execute(sql`select mosaic_space_tsquery(${HERE}::uuid, ${"'o''neil' & 'x'"}::tsquery)::text as query`);
    expect((result as unknown as { rows: { query: string }[] }).rows[0]!.query).toBe("'f3da0e748f68o''neil' & 'f3da0e748f68x'");
  });

  it('gives the searched tables their scoped indexes', async () => {
    const result = await t.database.db.execute(sql`select tablename, indexdef from pg_indexes where indexdef like '%mosaic_space_lexemes%' order by tablename`);
    const indexes = (result as unknown as { rows: { tablename: string; indexdef: string }[] }).rows;
    expect(indexes.map((index) => index.tablename)).toEqual(['chat_messages', 'kb_passages']);
    for (const index of indexes) expect(index.indexdef).toMatch(/USING gin \(mosaic_space_lexemes\(space_id, (content_tsv|tsv)\)\)/);
  });
});
