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
