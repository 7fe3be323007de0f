/** Rating a reply (spec 001 §7): thumbs up (1) or down (-1), categories and a free text. */
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { chatMessages } from '../../db/schema/index';
import { AppError, notFound } from '../../errors';
import { AGENT_MESSAGES } from './messages';
import { toMessageDto, type MessageDto } from './serializers';

export async function requireMessageInSpace(db: DbExecutor, spaceId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.spaceId, spaceId)));
  if (!row) throw notFound(AGENT_MESSAGES.messageNotFound);
  return row;
}

export async function rateMessage(
  db: DbExecutor,
  input: { spaceId: string; messageId: string; rating: 1 | -1 | null; categories: string[]; text: string | null },
): Promise<MessageDto> {
  const message = await requireMessageInSpace(db, input.spaceId, input.messageId);
  if (message.role !== 'assistant') throw new AppError(422, AGENT_MESSAGES.onlyRepliesRated, 'VALIDATION_ERROR');
  const [row] = await db
    .update(chatMessages)
    .set({ rating: input.rating, feedbackCategories: [...new Set(input.categories)], feedbackText: input.text?.trim() || null })
    .where(eq(chatMessages.id, message.id))
    .returning();
  return toMessageDto(row!);
}
