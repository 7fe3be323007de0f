import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';

/** One retrieved passage (the shape the agents' retrieval uses, and GET /kb/search answers). */
export interface KnowledgeContext {
  passage: string;
  document_id: string;
  filename: string;
  score: number;
  /** The query's words as they occur in the passage (from ts_headline), in order, without repeats. */
  highlights: string[];
}

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
export const MAX_K = 50;

function highlightsOf(marked: string): string[] {
  const seen = new Set<string>();
  for (const match of marked.matchAll(HIGHLIGHT_PATTERN)) {
    const term = match[1]!.trim();
    if (term) seen.add(term.toLowerCase());
  }
  return [...seen];
}

/**
 * Full-text search over the space's ready documents (PostgreSQL, English stemming, GIN index).
 *
 * Recall first: a passage matches when it contains any of the query's words (an OR query), so a
 * question phrased in full sentences still retrieves; passages containing every word (the strict
 * web-search reading of the query, which honours "quoted phrases" and -exclusions) rank above all
 * others. Within each group, ts_rank with length normalisation orders them. Only the top k get a
 * ts_headline, which is the expensive part.
 *
 * Hybrid (vector + full-text) ranking is not built yet: see docs/knowledge.md.
 */
export async function searchKnowledge(db: DbExecutor, input: SearchInput): Promise<KnowledgeContext[]> {
  const query = input.query.trim();
  const k = Math.min(Math.max(1, Math.floor(input.k)), MAX_K);
  if (!query) return [];
  if (input.documentIds && input.documentIds.length === 0) return [];
  const onlyDocuments = input.documentIds
    ? sql`AND p.document_id IN (${sql.join(input.documentIds.map((id) => sql`${id}::uuid`), sql`, `)})`
    : sql``;

  const result = await db.execute(sql`
    WITH q AS (
      SELECT websearch_to_tsquery('english', ${query}) AS strict,
             NULLIF(replace(plainto_tsquery('english', ${query})::text, ' & ', ' | '), '')::tsquery AS loose
    ),
    hits AS (
      SELECT p.id, p.document_id, p.content, d.filename,
             ts_rank(p.tsv, q.loose, 1) + CASE WHEN p.tsv @@ q.strict THEN 1 ELSE 0 END AS score
      FROM kb_passages p
      JOIN kb_documents d ON d.id = p.document_id AND d.status = 'ready'
      CROSS JOIN q
      WHERE p.space_id = ${input.spaceId}::uuid
        AND p.tsv @@ q.loose
        ${onlyDocuments}
      ORDER BY score DESC, p.id
      LIMIT ${k}
    )
    SELECT h.document_id, h.content, h.filename, h.score,
           ts_headline('english', h.content, q.loose, ${`StartSel=${START}, StopSel=${STOP}, HighlightAll=true`}) AS marked
    FROM hits h CROSS JOIN q
    ORDER BY h.score DESC, h.id
  `);

  return ((result as unknown as { rows: unknown[] }).rows as { document_id: string; content: string; filename: string; score: number | string; marked: string }[]).map((row) => ({
    passage: row.content,
    document_id: row.document_id,
    filename: row.filename,
    score: Math.round(Number(row.score) * 10_000) / 10_000,
    highlights: highlightsOf(row.marked),
  }));
}
