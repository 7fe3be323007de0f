/**
 * Full-text search of the space's chat history: titles and messages (every version) (PostgreSQL English
 * stemming over the stored tsvector columns and their GIN indexes; the same on PGlite). A chat
 * appears once, with a snippet of its newest matching message (or its title); title matches come
 * first, then the most recently active (no ts_rank: a history is read newest first, and scoring
 * every message a common word matches would only add cost; figures in docs/agents.md).
 */
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { badRequest } from '../../errors';
import { HISTORY_TEXTS, searchTerms, type HistorySearchResult } from '../../../../src/contract/chat-history';
import { matchesInSpace } from '../../db/schema/space-search';
import { toHistoryDto } from './history.service';
import { centredSnippet, MATCH_END, MATCH_START } from './history-snippet';

/** Every matched word marked, the whole message kept: history-snippet.ts centres the passage on the first. */
const HEADLINE_OPTIONS = `HighlightAll=TRUE, StartSel=${MATCH_START}, StopSel=${MATCH_END}`;

/** Every word as a prefix ("house" finds "houseplants"), all required: what a search box user expects. */
function prefixQuery(terms: string[]): string {
  return terms.map((term) => `${term}:*`).join(' & ');
}

interface Row {
  id: string;
  title: string;
  agent_slug: string;
  user_id: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  pinned_at: string | Date | null;
  message_id: string | null;
  snippet: string;
}

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

export async function searchHistory(
  db: DbExecutor,
  spaceId: string,
  options: { query: string; slug?: string; limit: number },
): Promise<HistorySearchResult> {
  const terms = searchTerms(options.query);
  if (terms.length === 0) throw badRequest(HISTORY_TEXTS.queryWithoutWords, 'VALIDATION_ERROR');
  const slugFilter = options.slug ? sql`and s.agent_slug = ${options.slug}` : sql``;
  // Words are letters and digits only (searchTerms), so the tsquery text cannot carry operators.
  // Matches are read through the indexes scoped by space (db/schema/space-search.ts): the space's
  // own entries for each word, not a common word's entries across every organisation (200–270 ms
  // for "campaign launch" with a million messages), nor every message of the space matched one by
  // one (4–11 ms for a space of 5,200 messages); 0.6 ms that way (docs/scale.md). The same read
  // names each chat's newest match, whose snippet is then read by id. Titles are matched on the
  // stored vectors of the space's chats, which the history list reads anyway.
  const query = sql`to_tsquery('english', ${prefixQuery(terms)})`;
  const result = await db.execute(sql`
    with found as materialized (
      select distinct on (m.session_id) m.session_id, m.id
        from chat_messages m
       where m.space_id = ${spaceId} and ${matchesInSpace(sql`m.space_id`, sql`m.content_tsv`, spaceId, query)}
       order by m.session_id, m.created_at desc, m.id desc
    ),
    page as (
      select s.id, s.title, s.agent_slug, s.user_id, s.created_at, s.updated_at, s.pinned_at, (s.title_tsv @@ ${query}) as by_title
        from chat_sessions s
       where s.space_id = ${spaceId} and s.deleted_at is null ${slugFilter}
         and (s.title_tsv @@ ${query} or s.id in (select session_id from found))
       order by by_title desc, s.updated_at desc
       limit ${options.limit}
    )
    select page.id, page.title, page.agent_slug, page.user_id, page.created_at, page.updated_at, page.pinned_at, best.id as message_id,
           case when best.content is null then page.title
                else ts_headline('english', translate(best.content, ${MATCH_START + MATCH_END}, ''), ${query}, ${HEADLINE_OPTIONS}) end as snippet
      from page
      left join found on not page.by_title and found.session_id = page.id
      left join chat_messages best on best.id = found.id
     order by page.by_title desc, page.updated_at desc
  `);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return {
    query: options.query,
    results: rows.map((row) => ({
      session: toHistoryDto({
        id: row.id,
        title: row.title,
        agentSlug: row.agent_slug,
        userId: row.user_id,
        createdAt: asDate(row.created_at),
        updatedAt: asDate(row.updated_at),
        pinnedAt: row.pinned_at === null ? null : asDate(row.pinned_at),
      }),
      snippet: row.message_id === null ? row.snippet.replace(/\s+/g, ' ').trim() : centredSnippet(row.snippet),
      message_id: row.message_id,
    })),
  };
}
