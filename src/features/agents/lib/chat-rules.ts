/**
 * The client's chat rules of spec 001 §4 and §9 as small pure functions: title, reply-polling
 * phases, maximum waits, temporary-message matching.
 */
/**
 * Spec 001 §4/§9: a new chat is created on the device titled with the first 50 characters of the
 * message, cut to 47 plus dots if longer. It holds only until the server's title comes (named from
 * the first exchange, stored whole: docs/agents.md "Chat titles"), which replaces it on the device
 * when the reply arrives (reply-arrived.ts) or the chat list is read.
 */
export const TITLE_MAX_LENGTH = 50;
export function chatTitle(message: string): string {
  const text = message.trim().replace(/\s+/g, ' ');
  return text.length > TITLE_MAX_LENGTH ? `${text.slice(0, TITLE_MAX_LENGTH - 3)}...` : text;
}

export type PollPhaseName = 'quick' | 'normal' | 'complex' | 'patient' | 'extended' | 'marathon';

export interface PollPhase {
  name: PollPhaseName;
  /** The phase lasts until this many ms after sending (Infinity for marathon). */
  untilMs: number;
  /** Time between the starts of two polls in this phase. */
  intervalMs: number;
}

const MINUTE = 60_000;

/** Spec 001 §9 reply-polling phases. */
export const POLL_PHASES: readonly PollPhase[] = [
  { name: 'quick', untilMs: 3 * MINUTE, intervalMs: 15_000 },
  { name: 'normal', untilMs: 8 * MINUTE, intervalMs: 30_000 },
  { name: 'complex', untilMs: 15 * MINUTE, intervalMs: 45_000 },
  { name: 'patient', untilMs: 25 * MINUTE, intervalMs: 60_000 },
  { name: 'extended', untilMs: 35 * MINUTE, intervalMs: 90_000 },
  { name: 'marathon', untilMs: Number.POSITIVE_INFINITY, intervalMs: 120_000 },
];

export function pollPhaseAt(elapsedMs: number): PollPhase {
  return POLL_PHASES.find((phase) => elapsedMs < phase.untilMs) ?? POLL_PHASES[POLL_PHASES.length - 1]!;
}

/**
 * Delay before the next poll: polls start one phase interval apart. A long poll that was held by
 * the server for part of that interval already used it up, so the next one may start at once.
 */
export function delayBeforeNextPoll(elapsedSinceSendMs: number, lastPollTookMs: number): number {
  return Math.max(0, pollPhaseAt(elapsedSinceSendMs).intervalMs - lastPollTookMs);
}

/** Spec 001 §9: maximum wait for a reply, in minutes, per agent (35 by default). */
const MAX_WAIT_MINUTES: Record<string, number> = {
  'brand-voice': 35,
  'strategy-review': 35,
  seo: 35,
  cmo: 40,
  email: 30,
  creative: 30,
};
export const DEFAULT_MAX_WAIT_MINUTES = 35;

export function maxWaitMinutes(slug: string): number {
  return MAX_WAIT_MINUTES[slug] ?? DEFAULT_MAX_WAIT_MINUTES;
}

/** Spec 001 §9: a temporary message is matched with the real one within 30 s. */
export const TEMP_MATCH_WINDOW_MS = 30_000;

export interface MatchableMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
}

/**
 * The server's message that a temporary (not yet confirmed) user message stands for: same text,
 * stamped within 30 s of it, not already claimed by another temporary message. Null when none.
 */
export function matchTemporaryMessage(
  temporary: MatchableMessage,
  confirmed: readonly MatchableMessage[],
  claimed: ReadonlySet<string> = new Set(),
): MatchableMessage | null {
  const at = Date.parse(temporary.createdAt);
  const text = temporary.content.trim();
  let best: MatchableMessage | null = null;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const message of confirmed) {
    if (message.role !== 'user' || claimed.has(message.id) || message.content.trim() !== text) continue;
    const gap = Math.abs(Date.parse(message.createdAt) - at);
    if (gap <= TEMP_MATCH_WINDOW_MS && gap < bestGap) {
      best = message;
      bestGap = gap;
    }
  }
  return best;
}
