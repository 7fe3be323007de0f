/** Rating a reply (spec 001 §7): thumbs up (1) or down (-1), categories and a free text. */
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { chatMessages } from '../../db/schema/index';
import { AppError, notFound } from '../../errors';
import { AGENT_MESSAGES } from './messages';
import { toMessageDto, type MessageDto } from './serializers';

/** Categories the rating dialog offers; anything else is refused so reports stay comparable. */
export const FEEDBACK_CATEGORIES = [
  'accurate',
  'on_brand',
  'actionable',
  'well_structured',
  'inaccurate',
  'off_brand',
  'not_helpful',
  'too_long',
  'too_short',
  'missing_sources',
  'other',
] as const;

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
