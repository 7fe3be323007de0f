/**
 * Spec 001 §4 "deduct credits" after sending. The server already charged the message when it
 * accepted it; this call carries the same idempotency key (chat_message:<user message id>), so it
 * confirms that charge and never takes credits a second time. Its answer's balance is the one the
 * accepted answer gave (or newer): it goes into the credits store as it is, and the plan and
 * credits are not asked for again (docs/agents.md "Send").
 */
import type { AcceptedMessage } from '../../../contract/agents';
import { describeError, logger } from '../../../lib/logger';
import { postDeduction } from '../../billing/billing.api';
import { applyCreditsRemaining } from '../../billing/billing.store';
import { agentNamed } from '../agents.store';
import type { SendInput } from './send-types';

/** The key the server charged the message under (docs/agents.md "Credits"). */
export const chatIdempotencyKey = (userMessageId: string) => `chat_message:${userMessageId}`;

export function confirmCharge(input: SendInput, accepted: AcceptedMessage): void {
  const agentName = agentNamed(input.slug)?.name ?? input.slug;
  postDeduction(
    {
      amount: accepted.credits_charged,
      description: `Chat with ${agentName}`,
      feature_type: 'chat',
      agent_name: agentName,
      agent_mode: accepted.mode,
      activity_type: 'chat_message',
      // Spec 001 §5: activity text is cut to 100 characters in deduct details.
      activity_details: input.text.slice(0, 100),
      related_to: { type: 'chat_session', id: accepted.session_id },
    },
    chatIdempotencyKey(accepted.message_id),
  )
    .then((confirmed) => applyCreditsRemaining(confirmed.credits_remaining))
    .catch((error: unknown) => logger.warn('Chat deduct confirmation failed', { error: describeError(error) }));
}
