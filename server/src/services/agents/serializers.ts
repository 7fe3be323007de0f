/** Wire shapes of spec 001 §3 (snake_case, ISO-8601 timestamps). */
import type { agentRuns, chatMessages, chatSessions } from '../../db/schema/index';

export interface SessionDto {
  id: string;
  title: string;
  agent_slug: string;
  created_at: string;
  updated_at: string;
}

export interface MessageDto {
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

export interface RunDto {
  id: string;
  status: (typeof agentRuns.$inferSelect)['status'];
  error: string | null;
  user_message_id: string;
  reply_message_id: string | null;
  mode: string;
  refunded: boolean;
  updated_at: string;
}

export function toSessionDto(row: typeof chatSessions.$inferSelect): SessionDto {
  return {
    id: row.id,
    title: row.title,
    agent_slug: row.agentSlug,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toMessageDto(row: typeof chatMessages.$inferSelect): MessageDto {
  return {
    id: row.id,
    session_id: row.sessionId,
    role: row.role,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    rating: row.rating,
    feedback_categories: row.feedbackCategories,
    feedback_text: row.feedbackText,
    engine: row.engine,
  };
}

export function toRunDto(row: typeof agentRuns.$inferSelect): RunDto {
  return {
    id: row.id,
    status: row.status,
    error: row.error,
    user_message_id: row.userMessageId,
    reply_message_id: row.replyMessageId,
    mode: row.mode,
    refunded: row.refunded,
    updated_at: row.updatedAt.toISOString(),
  };
}
