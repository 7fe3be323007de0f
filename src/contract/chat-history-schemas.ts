/**
 * The chat history's wire schemas (docs/agents.md "History"): what the server validates and
 * answers; the shapes, limits and texts are in chat-history.ts.
 */
import { z } from 'zod';
import { chatSessionSchema } from './agents';
import {
  CHAT_TITLE_MAX,
  HISTORY_PAGE_MAX,
  HISTORY_SEARCH_LIMIT_MAX,
  HISTORY_TEXTS,
  SEARCH_QUERY_MAX,
  type DeletedSession,
  type HistoryPage,
  type HistorySearchResult,
  type HistorySessionDto,
} from './chat-history';
import { wireId } from './wire';

export const historySessionSchema = chatSessionSchema.extend({
  pinned: z.boolean(),
  started_by: z.nullable(wireId),
}) satisfies z.ZodType<HistorySessionDto>;

export const historyPageSchema = z.object({
  sessions: z.array(historySessionSchema),
  has_more: z.boolean(),
}) satisfies z.ZodType<HistoryPage>;

export const historySearchSchema = z.object({
  query: z.string(),
  results: z.array(z.object({ session: historySessionSchema, snippet: z.string(), message_id: z.nullable(wireId) })),
}) satisfies z.ZodType<HistorySearchResult>;

export const deletedSessionSchema = z.object({
  id: wireId,
  deleted_at: z.string(),
  restorable_until: z.string(),
}) satisfies z.ZodType<DeletedSession>;

/** PATCH /agents/sessions/{id}: a new title, a pin, or both. */
export const sessionChangeSchema = z
  .object({
    title: z.string().trim().min(1, HISTORY_TEXTS.titleRequired).max(CHAT_TITLE_MAX, HISTORY_TEXTS.titleTooLong).optional(),
    pinned: z.boolean().optional(),
  })
  .refine((body) => body.title !== undefined || body.pinned !== undefined, { message: HISTORY_TEXTS.nothingToChange });

/** GET /agents/history: a page of the space's chats, optionally one agent's. */
export const historyQuerySchema = z.object({
  slug: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET /agents/history/search */
export const historySearchQuerySchema = z.object({
  query: z
    .string({ error: 'query is required' })
    .trim()
    .min(1, 'query is required')
    .max(SEARCH_QUERY_MAX, `query must be at most ${SEARCH_QUERY_MAX} characters`),
  slug: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_SEARCH_LIMIT_MAX).default(20),
});
