/**
 * Agents and chat (docs/agents.md): sessions and messages are space-scoped; a run is one accepted
 * user message being answered (durable: queued → running → succeeded | failed | cancelled).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CitationDto, NumberedSource } from '../../../../src/contract/citations';
import { spaces } from './spaces';
import { users } from './users';
import { spaceOwnedColumns } from './space-owned';
import { spaceLexemes } from './space-search';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...spaceOwnedColumns(),
    // Who started it; kept when that person leaves (the chat belongs to the space).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentSlug: text('agent_slug').notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Pinned to the top of the space's history (pins belong to the space, like the chats). */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    /** Deleted, restorable until the undo window ends; hidden everywhere, then purged (docs/agents.md "History"). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Stored so a search neither recomputes it to check index hits nor to rank them. */
    titleTsv: tsvector('title_tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', title)`),
  },
  (table) => [
    index('chat_sessions_space_updated_idx').on(table.spaceId, table.updatedAt),
    index('chat_sessions_space_agent_idx').on(table.spaceId, table.agentSlug, table.updatedAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    /** The run that wrote this assistant message: at most one reply per run, even if a run resumes. */
    runId: uuid('run_id').unique('chat_messages_run_unique'),
    /** Which engine and model wrote an assistant message, e.g. 'offline/mosaic-offline-1'. */
    engine: text('engine'),
    /** The passages the reply was given, numbered as its [n] markers (docs/agents.md "Sources"). */
    citations: jsonb('citations').$type<CitationDto[]>().notNull().default([]),
    rating: integer('rating'),
    feedbackCategories: jsonb('feedback_categories').$type<string[]>().notNull().default([]),
    feedbackText: text('feedback_text'),
    /**
     * The message this one follows in the conversation tree (null: the chat's first message, or a
     * new version of it). Messages with the same parent are versions of one another: a regenerated
     * reply is a sibling of the reply it was regenerated from, an edited question a sibling of the
     * question it edits (docs/agents.md "Versions and edits").
     */
    parentId: uuid('parent_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'cascade' }),
    /**
     * The Idempotency-Key of the send that stored this user message: a send repeated with the same
     * key (the offline outbox retrying after a lost answer) answers with this message, charging nothing more.
     */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Stored so a search neither recomputes it to check index hits nor to rank them. */
    contentTsv: tsvector('content_tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', content)`),
  },
  (table) => [
    index('chat_messages_session_created_idx').on(table.sessionId, table.createdAt),
    // Versions of a message (its siblings) and a branch's continuation (its children).
    index('chat_messages_parent_idx').on(table.parentId),
    uniqueIndex('chat_messages_space_idempotency_key_unique').on(table.spaceId, table.idempotencyKey),
    // Full-text search of message contents (history search), within one space: the index's words
    // are the space's own (spaceLexemes), so a search reads the matches of its own space, not of
    // every space's messages (docs/scale.md "Search scoped by space"). Titles need no index: a
    // search checks the stored vectors of the space's chats, which the history list reads anyway.
    index('chat_messages_space_content_lexemes_idx').using('gin', spaceLexemes(table.spaceId, table.contentTsv)),
    check('chat_messages_role_check', sql`${table.role} in ('user', 'assistant')`),
    check('chat_messages_rating_check', sql`${table.rating} is null or ${table.rating} in (-1, 1)`),
  ],
);

export const agentRuns = pgTable(
  'agent_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...spaceOwnedColumns(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentSlug: text('agent_slug').notNull(),
    /** The user message being answered. */
    userMessageId: uuid('user_message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** For a regeneration: the reply it was asked from (the new reply becomes its sibling, a new version). */
    replacesMessageId: uuid('replaces_message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    mode: text('mode').$type<'normal' | 'medium' | 'max'>().notNull(),
    /** referenced_document_ids, brand_documents, brand_voice, k values from the send payload. */
    request: jsonb('request').$type<AgentRunRequest>().notNull(),
    status: text('status').$type<AgentRunStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Until when the process running it holds it; expired → another process may resume it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The billing ledger row of the charge (refunded when the run fails or is cancelled). */
    transactionId: text('transaction_id'),
    refunded: boolean('refunded').notNull().default(false),
    error: text('error'),
    replyMessageId: uuid('reply_message_id'),
    /**
     * The reply as written so far while the model streams (saved every few hundred ms by the
     * process answering it), so a stream held by another process and a stop from anywhere see it.
     */
    partialText: text('partial_text'),
    /**
     * The numbered passages the answer was given, saved once the context is assembled, so a stop
     * handled by any process records the same citations as the reply would have.
     */
    sources: jsonb('sources').$type<NumberedSource[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('agent_runs_session_idx').on(table.sessionId, table.createdAt),
    index('agent_runs_open_idx').on(table.status).where(sql`${table.status} in ('queued', 'running')`),
    check('agent_runs_status_check', sql`${table.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
  ],
);

export type AgentRunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface AgentRunRequest {
  referencedDocumentIds: string[];
  brandDocumentIds: string[];
  /** Brand voice sent with the message; overrides the organisation's when non-empty. */
  brandVoice: string | null;
  kRefDocs: number;
  kKnowledge: number;
  /** 0 for a first answer; the n-th regeneration of a reply uses n. */
  variant: number;
  /** Creative assets attached to the message (absent in runs accepted before attachments existed). */
  assetIds?: string[];
}

/** Per-space, per-agent settings (spec 001 §7 GET/PUT /agents/{slug}/settings). */
export const agentSettings = pgTable(
  'agent_settings',
  {
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    agentSlug: text('agent_slug').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.spaceId, table.agentSlug] })],
);

/**
 * Which knowledge documents an agent may use. No row → enabled (every ready document is available
 * to every agent until someone switches it off). No foreign key to the documents table: a row for a
 * deleted document is ignored by the joins that read it.
 */
export const agentDocumentAccess = pgTable(
  'agent_document_access',
  {
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    agentSlug: text('agent_slug').notNull(),
    documentId: uuid('document_id').notNull(),
    isEnabled: boolean('is_enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.spaceId, table.agentSlug, table.documentId] }),
    index('agent_document_access_document_idx').on(table.documentId),
  ],
);
