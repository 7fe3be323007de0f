/**
 * Wire shapes of the agents API (spec 001 §3, §7; see docs/agents.md). The interfaces are what the
 * screens rely on; the schemas after them are what the server validates (each checked at compile
 * time to fit its interface), and the fake backends of the client tests are checked against them.
 * What the client sends (params, queries, bodies) is in agents-schemas.ts; the endpoints that
 * answer these are declared in agents-endpoints.ts.
 */
import { z } from 'zod';
import { AGENT_SLUGS } from './agent-names';
import { CHAT_MODES, type ChatMode } from './chat';
import { citationSchema, type CitationDto } from './citations';
import { wireId } from './wire';

export interface Agent {
  slug: string;
  name: string;
  tagline: string;
  tools: string[];
  starters: string[];
  sections: string[];
  max_wait_minutes: number;
  engine: string;
  engine_model: string;
  /** The mode a new chat with this agent starts in (its saved settings; 'normal' when none). */
  default_mode: ChatMode;
}

export interface ChatSessionDto {
  id: string;
  title: string;
  agent_slug: string;
  created_at: string;
  updated_at: string;
}

export interface ChatMessageDto {
  id: string;
  session_id: string;
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
  rating: number | null;
  feedback_categories: string[];
  feedback_text: string | null;
  /** Engine and model that wrote a reply ('offline/mosaic-offline-1', 'openai/gpt-4o-mini'); null for user messages. */
  engine: string | null;
  /**
   * The message this one follows (chat-tree.ts): null for a chat's first message. Messages with the
   * same parent are versions of one another. Absent only in answers saved before versions existed.
   */
  parent_id?: string | null;
  /** The passages a reply was given, numbered as its [n] markers (citations.ts); empty for user messages. */
  citations?: CitationDto[];
}

/** The built-in offline engine's name in `ChatMessageDto.engine` ('offline/mosaic-offline-1'). */
export const OFFLINE_ENGINE = 'offline';

/**
 * Whether a reply was written without a language model. The reply text never says so (it is the
 * answer only); the client shows it once per chat, from this, as a badge.
 */
export function isOfflineEngine(engine: string | null | undefined): boolean {
  return engine?.split('/')[0] === OFFLINE_ENGINE;
}

export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface RunDto {
  id: string;
  status: RunStatus;
  error: string | null;
  user_message_id: string;
  reply_message_id: string | null;
  mode: string;
  refunded: boolean;
  updated_at: string;
}

export interface SessionWithMessages {
  session: ChatSessionDto;
  messages: ChatMessageDto[];
  run: RunDto | null;
  /**
   * Present when the messages are a page (asked with `limit`, or a chat longer than
   * MESSAGES_UNPAGED_MAX asked without): whether older messages come before them.
   */
  has_more?: boolean;
}

/** The largest page of GET …/messages?limit=. */
export const MESSAGES_PAGE_MAX = 500;
/**
 * GET …/messages without `limit` answers the whole chat up to this many messages (the newest; a
 * longer chat's answer says `has_more`): no answer is unbounded (docs/scale.md).
 */
export const MESSAGES_UNPAGED_MAX = 10_000;
/**
 * The most messages one answer of GET …/poll carries: the oldest after `since`. A client reading
 * news asks again at once from the last message it got, so more than this is read on, not lost.
 */
export const POLL_MESSAGES_MAX = 100;
/**
 * GET /agents/{slug}/documents answers a page at a time (docs/scale.md): `limit` documents
 * (AGENT_DOCUMENTS_PAGE_DEFAULT unless asked, at most AGENT_DOCUMENTS_PAGE_MAX), by name, and the
 * cursor of the next page, null on the last.
 */
export const AGENT_DOCUMENTS_PAGE_DEFAULT = 200;
export const AGENT_DOCUMENTS_PAGE_MAX = 500;

export interface AcceptedMessage {
  session_id: string;
  message_id: string;
  run_id: string;
  title: string;
  created_at: string;
  /** 'queued' when accepted now; a send repeated with its Idempotency-Key answers with its run's status now. */
  status: RunStatus;
  /** The message the sent one follows (null: the chat's first message); the server always says. */
  parent_id?: string | null;
  mode: ChatMode;
  credits_charged: number;
  credits_remaining: number;
  transaction_id: string;
}

export interface PollResult {
  messages: ChatMessageDto[];
  run: RunDto | null;
  timed_out: boolean;
}

/** GET /agents: the server knows these agents and answers no other slug. */
export const agentSchema = z.object({
  slug: z.enum(AGENT_SLUGS),
  name: z.string(),
  tagline: z.string(),
  tools: z.array(z.string()),
  starters: z.array(z.string()),
  sections: z.array(z.string()),
  max_wait_minutes: z.number().int(),
  engine: z.string(),
  engine_model: z.string(),
  default_mode: z.enum(CHAT_MODES),
}) satisfies z.ZodType<Agent>;

export const chatSessionSchema = z.object({
  id: wireId,
  title: z.string(),
  agent_slug: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<ChatSessionDto>;

export const chatMessageSchema = z.object({
  id: wireId,
  session_id: wireId,
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  created_at: z.string(),
  rating: z.number().int().nullable(),
  feedback_categories: z.array(z.string()),
  feedback_text: z.string().nullable(),
  engine: z.string().nullable(),
  parent_id: z.optional(z.nullable(wireId)),
  citations: z.array(citationSchema).optional(),
}) satisfies z.ZodType<ChatMessageDto>;

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const satisfies readonly RunStatus[];

export const runSchema = z.object({
  id: wireId,
  status: z.enum(RUN_STATUSES),
  error: z.string().nullable(),
  user_message_id: wireId,
  reply_message_id: z.nullable(wireId),
  mode: z.string(),
  refunded: z.boolean(),
  updated_at: z.string(),
}) satisfies z.ZodType<RunDto>;

/** GET /agents/sessions/{id}/messages */
export const sessionWithMessagesSchema = z.object({
  session: chatSessionSchema,
  messages: z.array(chatMessageSchema),
  run: runSchema.nullable(),
  has_more: z.boolean().optional(),
}) satisfies z.ZodType<SessionWithMessages>;

/** 202 from POST /agents/{slug}/messages/async. */
export const acceptedSchema = z.object({
  session_id: wireId,
  message_id: wireId,
  run_id: wireId,
  title: z.string(),
  created_at: z.string(),
  status: z.enum(RUN_STATUSES),
  parent_id: z.optional(z.nullable(wireId)),
  mode: z.enum(CHAT_MODES),
  credits_charged: z.number().int(),
  credits_remaining: z.number().int(),
  transaction_id: z.string(),
}) satisfies z.ZodType<AcceptedMessage>;

/**
 * 202 from POST /agents/messages/{id}/regenerate/async: a new reply to the same question is queued.
 * The client follows it like a send (stream, else the long poll); the reply arrives as a new
 * version beside the one it was asked from (its parent is `user_message_id`).
 */
export interface RegenerationAccepted {
  session_id: string;
  run_id: string;
  /** The question answered again: the new reply will follow it. */
  user_message_id: string;
  replaces_message_id: string;
  status: 'queued';
  created_at: string;
  mode: ChatMode;
  credits_charged: number;
  credits_remaining: number;
  transaction_id: string;
}

export const regenerationAcceptedSchema = z.object({
  session_id: wireId,
  run_id: wireId,
  user_message_id: wireId,
  replaces_message_id: wireId,
  status: z.literal('queued'),
  created_at: z.string(),
  mode: z.enum(CHAT_MODES),
  credits_charged: z.number().int(),
  credits_remaining: z.number().int(),
  transaction_id: z.string(),
}) satisfies z.ZodType<RegenerationAccepted>;

/** 200 from POST /agents/messages/{id}/regenerate (spec 001 §7: new_message_id, content), answered when the reply is written. */
export interface Regenerated {
  new_message_id: string;
  content: string;
  message: ChatMessageDto;
  /** The reply it was asked from; it stays, as an earlier version. */
  replaces_message_id: string;
}

export const regeneratedSchema = z.object({
  new_message_id: wireId,
  content: z.string(),
  message: chatMessageSchema,
  replaces_message_id: wireId,
}) satisfies z.ZodType<Regenerated>;

/** GET /agents/sessions/{id}/poll?since= */
export const pollSchema = z.object({
  messages: z.array(chatMessageSchema),
  run: runSchema.nullable(),
  timed_out: z.boolean(),
}) satisfies z.ZodType<PollResult>;

/**
 * Longest brand voice (spec 001 §3): long enough for a full voice guide, short enough to fit every
 * agent prompt alongside passages. The server refuses longer; the settings screen counts towards it.
 */
export const BRAND_VOICE_MAX_CHARS = 20_000;

/**
 * GET /agents/sessions/{id}/stream: a text/event-stream of the session's open run. `delta` events
 * carry text appended to the reply (in order, never repeated on one connection); one `done` event
 * ends the stream with the run as it ended and its reply (null when it failed or was cancelled).
 * A connection made when no run is open gets `done` at once with the latest run.
 */
export const STREAM_EVENTS = { delta: 'delta', done: 'done' } as const;

/**
 * `?send=<Idempotency-Key>`: the stream is asked for together with that send, so it may arrive
 * before the send is accepted. It follows the run answering that message (waiting for it, up to
 * 30 s, then `done` with nulls) instead of reporting the session's previous run.
 */
export const streamQuerySchema = z.object({
  send: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'send must be a send\'s Idempotency-Key (1–200 visible ASCII characters)')
    .optional(),
});

export interface StreamDelta {
  run_id: string;
  text: string;
  /** The run started over (resumed after a crash): `text` replaces everything shown so far. */
  restart?: boolean;
}

export interface StreamDone {
  run: RunDto | null;
  message: ChatMessageDto | null;
}

export const streamDeltaSchema = z.object({ run_id: wireId, text: z.string(), restart: z.boolean().optional() }) satisfies z.ZodType<StreamDelta>;
export const streamDoneSchema = z.object({
  run: runSchema.nullable(),
  message: chatMessageSchema.nullable(),
}) satisfies z.ZodType<StreamDone>;

/** POST /agents/sessions/{id}/stop: the written part kept as the reply, the unused credits refunded. */
export interface StopResult {
  run: RunDto;
  /** The reply as written when stopped; null when nothing had been written (refunded whole). */
  message: ChatMessageDto | null;
  credits_charged: number;
  credits_refunded: number;
}

export const stopResultSchema = z.object({
  run: runSchema,
  message: chatMessageSchema.nullable(),
  credits_charged: z.number().int(),
  credits_refunded: z.number().int(),
}) satisfies z.ZodType<StopResult>;
