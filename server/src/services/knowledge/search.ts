import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { matchesInSpace } from '../../db/schema/space-search';
import { fuseRankings } from './rank-fusion';
import { nearestPassages, type NearPassage, type SemanticIndex } from './semantic-index';
import type { KnowledgeContext } from '../../../../src/contract/knowledge';
import { MAX_SEARCH_K } from '../../../../src/contract/knowledge-schemas';

export interface SearchInput {
  spaceId: string;
  query: string;
  /** How many passages at most (spec 001 §9: 5, 10 or 15 by mode). */
  k: number;
  /** Only these documents (an agent's enabled documents); an empty list finds nothing. */
  documentIds?: string[];
}

/** Characters that never occur in passages mark the highlighted words for extraction. */
const START = '\u27e6';
const STOP = '\u27e7';
const HIGHLIGHT_PATTERN = new RegExp(`${START}([^${STOP}]*)${STOP}`, 'g');

function highlightsOf(marked: string): string[] {
  const seen = new Set<string>();
  for (const match of marked.matchAll(HIGHLIGHT_PATTERN)) {
    const term = match[1]!.trim();
    if (term) seen.add(term.toLowerCase());
  }
  return [...seen];
}

/** Most candidates ranked in the broadest tier: bounds the cost of a query made of common words. */
const BROAD_CANDIDATES = 2_000;
/** Pairs of words make the middle tier only for short queries (n words → n(n-1)/2 pairs). */
const MAX_PAIR_WORDS = 8;

type SqlFragment = ReturnType<typeof sql>;

type Row = { id: number | string; document_id: string; ordinal: number; content: string; filename: string; score: number | string; marked: string };

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** The query's stemmed words, as PostgreSQL's English parser sees them. */
async function lexemesOf(db: DbExecutor, query: string): Promise<string[]> {
  const result = await db.execute(sql`SELECT plainto_tsquery('english', ${query})::text AS q`);
  const text = (result as unknown as { rows: { q: string }[] }).rows[0]?.q ?? '';
  return [...new Set([...text.matchAll(/'((?:[^']|'')+)'/g)].map((match) => match[1]!))];
}

/** A tsquery literal from stemmed words (quoted, so no word is read as an operator). */
const quoted = (lexeme: string) => `'${lexeme.replaceAll("'", "''")}'`;

/**
 * Full-text search over the space's ready documents (PostgreSQL, English stemming, GIN index).
 *
 * Recall without scanning everything: three tiers, each run only while fewer than k passages
 * were found, each ranked with ts_rank (length-normalised) and placed after the tiers before it:
 *   1. the strict web-search reading of the query (every word; "phrases" and -exclusions honoured);
 *   2. for longer queries, any two of its words (so a question in full sentences still finds the
 *      passages that share its key words);
 *   3. any one of its words, ranking at most BROAD_CANDIDATES matches (common words in a large
 *      space would otherwise mean ranking most of it).
 * Matches are found through the index scoped by space (db/schema/space-search.ts), then checked
 * against the stored vector too (the scoped index has no positions, so a "phrase" is checked there).
 * Only the returned k get ts_headline (the expensive part), which yields `highlights` — in
 * hybrid search that is the full-text candidates (hybridCandidates), ranked before fusion.
 *
 * The best `k` in that order, with their `marked` text (for highlights).
 */
async function fullTextSearch(db: DbExecutor, input: { spaceId: string; query: string; k: number; onlyDocuments: SqlFragment }): Promise<Row[]> {
  const { query, k, onlyDocuments } = input;
  const lexemes = await lexemesOf(db, query);
  if (lexemes.length === 0) return [];
  const any = lexemes.map(quoted).join(' | ');
  const pairs =
    lexemes.length >= 3 && lexemes.length <= MAX_PAIR_WORDS
      ? lexemes.flatMap((a, i) => lexemes.slice(i + 1).map((b) => `(${quoted(a)} & ${quoted(b)})`)).join(' | ')
      : null;

  const found: Row[] = [];
  const tiers: { match: ReturnType<typeof sql>; cap?: number }[] = [
    { match: sql`websearch_to_tsquery('english', ${query})` },
    ...(pairs ? [{ match: sql`${pairs}::tsquery` }] : []),
    { match: sql`${any}::tsquery`, cap: BROAD_CANDIDATES },
  ];
  for (const [tier, { match, cap }] of tiers.entries()) {
    const missing = k - found.length;
    if (missing <= 0) break;
    const exclude = found.length ? sql`AND p.id NOT IN (${sql.join(found.map((row) => sql`${row.id}`), sql`, `)})` : sql``;
    const candidates = sql`
      SELECT p.id, p.document_id, p.ordinal, p.content, p.tsv
      FROM kb_passages p
      WHERE p.space_id = ${input.spaceId}::uuid
        AND ${matchesInSpace(sql`p.space_id`, sql`p.tsv`, input.spaceId, match)}
        AND p.tsv @@ (${match}) ${onlyDocuments} ${exclude}
      ${cap ? sql`LIMIT ${cap}` : sql``}`;
    const result = await db.execute(sql`
      SELECT c.id, c.document_id, c.ordinal, c.content, d.filename,
             ts_rank(c.tsv, (${sql`${any}::tsquery`}), 1) AS score,
             ts_headline('english', c.content, (${sql`${any}::tsquery`}), ${`StartSel=${START}, StopSel=${STOP}, HighlightAll=true`}) AS marked
      FROM (
        SELECT c.* FROM (${candidates}) c
        JOIN kb_documents d ON d.id = c.document_id AND d.status = 'ready'
        ORDER BY ts_rank(c.tsv, (${sql`${any}::tsquery`}), 1) DESC, c.id
        LIMIT ${missing}
      ) c
      JOIN kb_documents d ON d.id = c.document_id
      ORDER BY score DESC, c.id
    `);
    // Earlier tiers outrank later ones whatever their ts_rank: one point per tier.
    for (const row of rowsOf(result)) found.push({ ...row, score: Number(row.score) + (tiers.length - tier) });
  }
  return found;
}

/**
 * Search over the space's ready documents (and only `documentIds` when given).
 *
 * Full-text alone (above) unless a semantic index is given (an embedding provider is configured
 * and pgvector is available: semantic-index.ts, set up once at start). Then hybrid: the
 * full-text and the vector rankings, HYBRID_CANDIDATES(k) deep each, fused by reciprocal rank
 * (rank-fusion.ts). A passage found only by meaning has no highlights (nothing matched literally).
 * A failed query embedding degrades to full-text for that search (and pauses the provider, see
 * PROVIDER_PAUSE_MS) — a search never fails because of embeddings.
 */
export async function searchKnowledge(db: DbExecutor, input: SearchInput, semantic: SemanticIndex | null = null): Promise<KnowledgeContext[]> {
  const query = input.query.trim();
  const k = Math.min(Math.max(1, Math.floor(input.k)), MAX_SEARCH_K);
  if (!query) return [];
  if (input.documentIds && input.documentIds.length === 0) return [];
  const onlyDocuments = input.documentIds
    ? sql`AND p.document_id IN (${sql.join(input.documentIds.map((id) => sql`${id}::uuid`), sql`, `)})`
    : sql``;
  if (!semantic) {
    const rows = await fullTextSearch(db, { spaceId: input.spaceId, query, k, onlyDocuments });
    return rows.map((row) => ({
      passage: row.content,
      document_id: row.document_id,
      ordinal: Number(row.ordinal),
      filename: row.filename,
      score: Math.round(Number(row.score) * 10_000) / 10_000,
      highlights: highlightsOf(row.marked),
    }));
  }

  const depth = hybridCandidates(k);
  const [textRows, queryVector] = await Promise.all([
    fullTextSearch(db, { spaceId: input.spaceId, query, k: depth, onlyDocuments }),
    embedQuery(semantic, query),
  ]);
  const nearRows = queryVector
    ? await nearestPassages(db, { spaceId: input.spaceId, modelKey: semantic.embedder.modelKey, vector: queryVector, limit: depth, onlyDocuments })
    : [];
  const fused = fuseRankings<Row | NearPassage>([textRows, nearRows], (row) => String(row.id)).slice(0, k);
  return fused.map(({ item, score }) => ({
    passage: item.content,
    document_id: item.document_id,
    ordinal: Number(item.ordinal),
    filename: item.filename,
    // Fused scores are small (≈ 1/60 per list): six decimals keep their order visible.
    score: Math.round(score * 1_000_000) / 1_000_000,
    highlights: 'marked' in item ? highlightsOf(item.marked) : [],
  }));
}

/**
 * How deep each list goes before fusion: deeper than k so a passage ranked modestly by both
 * lists can overtake one ranked high by a single list, yet bounded (the full-text side computes
 * ts_headline for each candidate, and vector search is exact).
 */
const hybridCandidates = (k: number) => Math.min(Math.max(2 * k, 20), 100);

/**
 * The query embedding must come back well inside the client's 30 s knowledge time-out (spec 001
 * §8), so it gets 5 s and no retries; full-text answers alone when it does not.
 */
const QUERY_EMBED_TIMEOUT_MS = 5_000;
/**
 * After a failed query embedding, searches skip the provider for 30 s: during an outage every
 * search would otherwise wait for the same failure (up to the time-out) and log the same warning.
 */
const PROVIDER_PAUSE_MS = 30_000;
const pausedUntil = new WeakMap<SemanticIndex, number>();

async function embedQuery(semantic: SemanticIndex, query: string): Promise<number[] | null> {
  if ((pausedUntil.get(semantic) ?? 0) > Date.now()) return null;
  try {
    const [vector] = await semantic.embedder.embed([query], { timeoutMs: QUERY_EMBED_TIMEOUT_MS, maxRetries: 0 });
    return vector ?? null;
  } catch (error) {
    pausedUntil.set(semantic, Date.now() + PROVIDER_PAUSE_MS);
    semantic.warn('embedding the search query failed; full-text search answered alone (hybrid paused for 30 s)', error);
    return null;
  }
}
