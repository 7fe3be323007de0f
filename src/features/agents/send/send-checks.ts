/**
 * What a send checks before its post (spec 001 §4, §8): the space it goes to and the plan and
 * credits that must cover it. Both are answered without waiting when already known, so the post can
 * leave in the click's own task (post-message.ts).
 */
import { spacesState } from '../../../session';
import { fetchCredits, fetchPlan } from '../../billing/billing.api';
import { recentBilling } from '../../billing/billing.store';
import { getCurrentSpace } from '../../spaces/spaces.store';
import type { Credits, Plan } from '../../../contract/billing';
import { AGENT_TEXT, SPACE_RETRY_DELAY_MS } from '../lib/messages';
import { ChatSendError } from './send-types';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The space to send in when it is known now; null while the spaces are still loading. Spec 001 §8 messages. */
export function spaceNow(): string | null {
  if (spacesState.initializing || spacesState.loading) return null;
  if (!spacesState.initialized) throw new ChatSendError(AGENT_TEXT.spacesNotReady);
  const space = getCurrentSpace();
  if (!space) throw new ChatSendError(AGENT_TEXT.spaceNotFound);
  return space.id;
}

/** The space to send in; 'still loading' is retried once after 2 s. */
export async function requireSpace(): Promise<string> {
  const now = spaceNow();
  if (now) return now;
  await sleep(SPACE_RETRY_DELAY_MS);
  const later = spaceNow();
  if (!later) throw new ChatSendError(AGENT_TEXT.spaceLoading);
  return later;
}

/** How old the billing store's figures may be for the pre-send check to use them instead of asking. */
const BILLING_CHECK_MAX_AGE_MS = 60_000;

interface BillingFigures {
  plan: Plan | null;
  credits: Credits | null;
}

/**
 * Spec 001 §4: the plan must be active and the credits must cover the cost. Unknown → the server
 * decides. Figures the server gave in the last minute are used as they are (no wait): two requests
 * before every send would delay the reply, and the server refuses a send that they no longer cover.
 */
export function billingFigures(): BillingFigures | Promise<BillingFigures> {
  return recentBilling(BILLING_CHECK_MAX_AGE_MS) ?? askPlanAndCredits();
}

export function assertPlanAndCredits({ plan, credits }: BillingFigures, cost: number): void {
  if (plan && !plan.is_active) throw new ChatSendError(AGENT_TEXT.planExpired(plan.type));
  if (credits && credits.remaining < cost) throw new ChatSendError(AGENT_TEXT.insufficientCredits(cost, credits.remaining));
}

/** Both from the server; one that could not be had is null (the server decides then). */
async function askPlanAndCredits(): Promise<BillingFigures> {
  const [plan, credits] = await Promise.allSettled([fetchPlan(), fetchCredits()]);
  return { plan: plan.status === 'fulfilled' ? plan.value : null, credits: credits.status === 'fulfilled' ? credits.value : null };
}
