/**
 * What an agent chat message costs and how deep it searches, by mode (spec 001 §5, §9). The server
 * charges with these numbers and the chat screen shows them before sending; one definition keeps
 * the price on the button and the price on the ledger the same.
 */
export const CHAT_MODES = ['normal', 'medium', 'max'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

/** Credits per message = ceil(estimate × mode multiplier). */
export const MODE_MULTIPLIERS: Readonly<Record<ChatMode, number>> = { normal: 1, medium: 1.5, max: 2 };
export const DEFAULT_ESTIMATED_CREDITS = 20;

/** ceil(estimate × multiplier): 20 credits are 20, 30 and 40 in normal, medium and max mode. */
export function chatCost(mode: ChatMode, estimatedCredits: number = DEFAULT_ESTIMATED_CREDITS): number {
  return Math.ceil(estimatedCredits * MODE_MULTIPLIERS[mode]);
}

/** Retrieval depth k for reference documents and the knowledge base, by mode. */
export const K_BY_MODE: Readonly<Record<ChatMode, number>> = { normal: 5, medium: 10, max: 15 };

/**
 * The reply length a message's estimated credits pay for (about 1,000 tokens). A reply the user
 * stops keeps the share of the charge its written part is of this length, rounded up (at least
 * one credit once anything was written, never more than was charged); the rest is refunded. A reply
 * stopped before its first character is refunded whole, like a cancel.
 */
export const REPLY_ESTIMATE_CHARACTERS = 4_000;

/** Credits a stopped reply keeps out of `charged`, for `writtenCharacters` written. */
export function creditsKeptForStoppedReply(charged: number, writtenCharacters: number): number {
  if (writtenCharacters <= 0 || charged <= 0) return 0;
  const share = Math.min(1, writtenCharacters / REPLY_ESTIMATE_CHARACTERS);
  return Math.min(charged, Math.max(1, Math.ceil(charged * share)));
}
