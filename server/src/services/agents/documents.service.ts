/**
 * Which knowledge documents each agent may use (spec 001 §7 agent documents). A document with no
 * access row is enabled: new uploads are available to every agent until switched off.
 */
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { decodeCursor, pageOf } from '../../db/keyset-cursor';
import { agentDocumentAccess, kbDocuments } from '../../db/schema/index';
import { notFound } from '../../errors';

export const DOCUMENT_NOT_FOUND = 'Document not found';
/** Spec 001 §9: agent document search limit default 10. */
export const DOCUMENT_SEARCH_DEFAULT_LIMIT = 10;

export interface AgentDocumentDto {
  id: string;
  filename: string;
  is_enabled: boolean;
  category: string | null;
  status: string;
}

const isEnabled = sql<boolean>`coalesce(${agentDocumentAccess.isEnabled}, true)`;

function baseQuery(db: DbExecutor, spaceId: string, slug: string) {
  return db
    .select({
      id: kbDocuments.id,
      filename: kbDocuments.filename,
      is_enabled: isEnabled,
      category: kbDocuments.category,
      status: sql<string>`${kbDocuments.status}::text`,
    })
    .from(kbDocuments)
    .leftJoin(
      agentDocumentAccess,
      and(
        eq(agentDocumentAccess.documentId, kbDocuments.id),
        eq(agentDocumentAccess.spaceId, spaceId),
        eq(agentDocumentAccess.agentSlug, slug),
      ),
    );
}

function readAgentDocumentsCursor(cursor: string): { filename: string; id: string } {
  const [filename, id] = decodeCursor(cursor, ['string', 'uuid'] as const);
  return { filename, id };
}

/**
 * The space's documents by name (then id) and whether this agent may use each, a page at a time:
 * the next page starts strictly after the last listed document's (filename, id).
 */
export async function listAgentDocuments(
  db: DbExecutor,
  spaceId: string,
  slug: string,
  query: { enabledOnly: boolean; limit: number; cursor?: string | undefined },
): Promise<{ documents: AgentDocumentDto[]; next_cursor: string | null }> {
  const after = query.cursor === undefined ? undefined : readAgentDocumentsCursor(query.cursor);
  const rows = await baseQuery(db, spaceId, slug)
    .where(
      and(
        eq(kbDocuments.spaceId, spaceId),
        query.enabledOnly ? sql`${isEnabled}` : undefined,
        after ? sql`(${kbDocuments.filename}, ${kbDocuments.id}) > (${after.filename}::text, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(kbDocuments.filename), asc(kbDocuments.id))
    .limit(query.limit + 1);
  const { rows: documents, next_cursor } = pageOf(rows, query.limit, (row) => [row.filename, row.id]);
  return { documents, next_cursor };
}

export async function searchAgentDocuments(
  db: DbExecutor,
  spaceId: string,
  slug: string,
  query: string,
  limit: number,
): Promise<AgentDocumentDto[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return baseQuery(db, spaceId, slug)
    .where(and(eq(kbDocuments.spaceId, spaceId), or(ilike(kbDocuments.filename, pattern), ilike(kbDocuments.category, pattern))))
    .orderBy(asc(kbDocuments.filename), asc(kbDocuments.id))
    .limit(limit);
}

/** Ready documents of the space the agent may use (what its knowledge search is restricted to). */
export async function allowedDocumentIds(db: DbExecutor, spaceId: string, slug: string): Promise<string[]> {
  const rows = await baseQuery(db, spaceId, slug).where(
    and(eq(kbDocuments.spaceId, spaceId), eq(kbDocuments.status, 'ready'), sql`${isEnabled}`),
  );
  return rows.map((row) => row.id);
}

/** Switches documents on or off for an agent; every id must be a document of the space. */
export async function setDocumentAccess(
  db: DbExecutor,
  input: { spaceId: string; slug: string; documentIds: string[]; isEnabled: boolean },
): Promise<AgentDocumentDto[]> {
  const ids = [...new Set(input.documentIds)];
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: kbDocuments.id })
    .from(kbDocuments)
    .where(and(eq(kbDocuments.spaceId, input.spaceId), inArray(kbDocuments.id, ids)));
  if (found.length !== ids.length) throw notFound(DOCUMENT_NOT_FOUND);
  await db
    .insert(agentDocumentAccess)
    .values(ids.map((documentId) => ({ spaceId: input.spaceId, agentSlug: input.slug, documentId, isEnabled: input.isEnabled })))
    .onConflictDoUpdate({
      target: [agentDocumentAccess.spaceId, agentDocumentAccess.agentSlug, agentDocumentAccess.documentId],
      set: { isEnabled: input.isEnabled, updatedAt: sql`now()` },
    });
  return baseQuery(db, input.spaceId, input.slug)
    .where(and(eq(kbDocuments.spaceId, input.spaceId), inArray(kbDocuments.id, ids)))
    .orderBy(asc(kbDocuments.filename));
}
