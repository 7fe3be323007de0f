/** Wire shapes of spec 001 §3 (snake_case, ISO-8601 timestamps). */
import type { ChatMessageDto, ChatSessionDto, RunDto } from '../../../../src/contract/agents';
import type { agentRuns, chatMessages, chatSessions } from '../../db/schema/index';

/**
 * The wire shapes are the client's own types (src/features/agents/agents.types.ts), so server and
 * client cannot drift apart; a run status the database gains must be added there to compile.
 */
export type SessionDto = ChatSessionDto;
export type MessageDto = ChatMessageDto;
export type { RunDto };

export function toSessionDto(row: Pick<typeof chatSessions.$inferSelect, 'id' | 'title' | 'agentSlug' | 'createdAt' | 'updatedAt'>): SessionDto {
  return {
    id: row.id,
    title: row.title,
    agent_slug: row.agentSlug,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Any message row; the stored search vector is not needed (and not read on the hot paths). */
export function toMessageDto(row: Omit<typeof chatMessages.$inferSelect, 'contentTsv'>): MessageDto {
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
    parent_id: row.parentId,
    citations: row.citations,
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
