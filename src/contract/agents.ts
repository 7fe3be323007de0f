/**
 * Wire shapes of the agents API (spec 001 §3, §7; see docs/agents.md). The interfaces are what the
 * screens rely on; the schemas after them are what the server validates (each checked at compile
 * time to fit its interface), and the fake backends of the client tests are checked against them.
 */
import { z } from 'zod';
import { CHAT_MODES, type ChatMode } from './chat';
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
}

export interface SendPayload {
  session_id: string | null;
  message: string;
  referenced_document_ids: string[];
  brand_documents: string[];
  brand_voice: string | null;
  k_value_ref_docs: number;
  k_value_kb: number;
  mode: ChatMode;
}

export interface AcceptedMessage {
  session_id: string;
  message_id: string;
  run_id: string;
  title: string;
  created_at: string;
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

export interface RatingPayload {
  rating: 1 | -1 | null;
  feedback_categories: string[];
  feedback_text: string | null;
}

export const agentSchema = z.object({
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  tools: z.array(z.string()),
  starters: z.array(z.string()),
  sections: z.array(z.string()),
  max_wait_minutes: z.number().int(),
  engine: z.string(),
  engine_model: z.string(),
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
}) satisfies z.ZodType<ChatMessageDto>;

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const satisfies readonly RunStatus[];

export const runSchema = z.object({
  id: wireId,
  status: z.enum(RUN_STATUSES),
  error: z.string().nullable(),
  user_message_id: wireId,
  reply_message_id: wireId.nullable(),
  mode: z.string(),
  refunded: z.boolean(),
  updated_at: z.string(),
}) satisfies z.ZodType<RunDto>;

/** GET /agents/sessions/{id}/messages */
export const sessionWithMessagesSchema = z.object({
  session: chatSessionSchema,
  messages: z.array(chatMessageSchema),
  run: runSchema.nullable(),
}) satisfies z.ZodType<SessionWithMessages>;

/** 202 from POST /agents/{slug}/messages/async. */
export const acceptedSchema = z.object({
  session_id: wireId,
  message_id: wireId,
  run_id: wireId,
  title: z.string(),
  created_at: z.string(),
  status: z.literal('queued'),
  mode: z.enum(CHAT_MODES),
  credits_charged: z.number().int(),
  credits_remaining: z.number().int(),
  transaction_id: z.string(),
}) satisfies z.ZodType<AcceptedMessage>;

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
