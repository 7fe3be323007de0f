/** Wire shapes of the agents API (spec 001 §3, §7; see docs/agents.md). */
import type { ChatMode } from './chat';

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
