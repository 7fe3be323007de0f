/** Rating a reply (thumbs up or down, with the feedback's categories and text): the server's answer is saved on the device. */
import type { FeedbackCategory } from '../../contract/feedback-categories';
import { agentsApi } from './agents.api';
import { updateMessage } from './agents.sync';
import { agentErrorMessage } from './lib/errors';
import { ChatSendError } from './send/send-types';

export async function rateReply(messageId: string, rating: 1 | -1 | null, categories: FeedbackCategory[], text: string | null): Promise<void> {
  try {
    const updated = await agentsApi.rate(messageId, { rating, feedback_categories: categories, feedback_text: text });
    await updateMessage(messageId, { rating: updated.rating, feedbackCategories: updated.feedback_categories, feedbackText: updated.feedback_text });
  } catch (error) {
    throw new ChatSendError(agentErrorMessage(error, 'rating'));
  }
}
