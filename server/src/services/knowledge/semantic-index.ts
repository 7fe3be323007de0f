/**
 * The vector half of hybrid knowledge search: passage embeddings in pgvector, available only when
 * an embedding provider is configured AND the database has pgvector (PGlite loads it from
 * @electric-sql/pglite-pgvector; PostgreSQL needs the server's `vector` extension). Otherwise
 * there is no semantic index and search is full-text alone (docs/knowledge.md "Search").
 *
 * The table is created here, at start-up, rather than by a migration: a migration must run on
 * every database, and `vector` does not exist where pgvector is missing. It is idempotent
 * (IF NOT EXISTS), so every process may run it; a database that gains pgvector later gets the
 * table on the next start. The column is an untyped `vector` because the dimension depends on the
 * model; search is exact (no ANN index, which needs a fixed dimension), filtered by space first.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/database';
import { chooseEmbedder, type Embedder } from '../../llm/embeddings';
import type { LlmConfig } from '../../llm/types';

export type Warn = (message: string, error?: unknown) => void;

export interface SemanticIndex {
  embedder: Embedder;
  /** Logs a degraded call (embedding outage): search and ingestion go on without vectors. */
  warn: Warn;
}

const CREATE_TABLE = sql`
  CREATE TABLE IF NOT EXISTS kb_passage_embeddings (
    passage_id bigint PRIMARY KEY REFERENCES kb_passages(id) ON DELETE CASCADE,
    space_id uuid NOT NULL,
    model text NOT NULL,
    embedding vector NOT NULL
  )`;
const CREATE_INDEX = sql`CREATE INDEX IF NOT EXISTS kb_passage_embeddings_space_model ON kb_passage_embeddings (space_id, model)`;

function messageOf(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  const text = error instanceof Error ? error.message : String(error);
  return cause instanceof Error && cause.message !== text ? `${text}: ${cause.message}` : text;
}

/**
 * Sets up hybrid search on this database: built once at start by the composition root and handed
 * to the search and the document jobs. Never throws: every problem is a warning, and null means
 * full-text search alone.
 */
export async function createSemanticIndex(db: Db, config: LlmConfig, warn: Warn): Promise<SemanticIndex | null> {
  const choice = chooseEmbedder(config);
  if (!choice.embedder) {
    if (choice.problem) warn(choice.problem);
    return null;
  }
  try {
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
  } catch (error) {
    warn(`pgvector is not available on this database (${messageOf(error)}): knowledge search stays full-text only`);
    return null;
  }
  // Two processes starting together may race on CREATE TABLE IF NOT EXISTS (a unique violation
  // in the catalogue): the loser's second attempt finds the table.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.execute(CREATE_TABLE);
      await db.execute(CREATE_INDEX);
      break;
    } catch (error) {
      if (attempt >= 2) {
        warn(`The passage embeddings table could not be created (${messageOf(error)}): knowledge search stays full-text only`, error);
        return null;
      }
    }
  }
  return { embedder: choice.embedder, warn };
}

/** pgvector's text form; numbers only, so it is safe as a bound parameter. */
export const vectorLiteral = (vector: number[]) => `[${vector.join(',')}]`;

/** Rows per INSERT: 4 parameters each, well under PostgreSQL's 65,535. */
const EMBEDDING_BATCH = 500;

export async function storePassageEmbeddings(
  db: DbExecutor,
  modelKey: string,
  rows: { passageId: number; spaceId: string; vector: number[] }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += EMBEDDING_BATCH) {
    const values = rows
      .slice(start, start + EMBEDDING_BATCH)
      .map((row) => sql`(${row.passageId}, ${row.spaceId}::uuid, ${modelKey}, ${vectorLiteral(row.vector)}::vector)`);
    await db.execute(sql`
      INSERT INTO kb_passage_embeddings (passage_id, space_id, model, embedding)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (passage_id) DO UPDATE SET model = EXCLUDED.model, embedding = EXCLUDED.embedding`);
  }
}

/**
 * Cosine distance 1 is orthogonal (similarity 0): such a passage shares nothing with the query,
 * so it is not a candidate however few others there are.
 */
const NO_SHARED_MEANING = 1;

export interface NearPassage {
  id: number | string;
  document_id: string;
  ordinal: number;
  content: string;
  filename: string;
  distance: number | string;
}

/**
 * The passages of the space's ready documents nearest to a query vector (cosine distance, exact).
 * Only vectors of the same model and dimension are compared; passages without vectors (documents
 * processed before embeddings were configured, or during an outage) are simply not candidates,
 * nor are passages with nothing in common with the query (NO_SHARED_MEANING).
 */
export async function nearestPassages(
  db: DbExecutor,
  input: { spaceId: string; modelKey: string; vector: number[]; limit: number; onlyDocuments: ReturnType<typeof sql> },
): Promise<NearPassage[]> {
  const query = vectorLiteral(input.vector);
  const result = await db.execute(sql`
    SELECT p.id, p.document_id, p.ordinal, p.content, d.filename, e.embedding <=> ${query}::vector AS distance
    FROM kb_passage_embeddings e
    JOIN kb_passages p ON p.id = e.passage_id
    JOIN kb_documents d ON d.id = p.document_id AND d.status = 'ready'
    WHERE e.space_id = ${input.spaceId}::uuid AND e.model = ${input.modelKey}
      AND vector_dims(e.embedding) = ${input.vector.length} ${input.onlyDocuments}
      AND e.embedding <=> ${query}::vector < ${NO_SHARED_MEANING}
    ORDER BY distance, p.id
    LIMIT ${input.limit}`);
  return (result as unknown as { rows: NearPassage[] }).rows;
}
