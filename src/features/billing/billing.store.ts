/**
 * Live plan and credits (valtio): the sidebar card, the Credits and Pricing screens and chats read
 * it. Anything that spends or buys credits puts the balance its own answer gives on screen at once
 * (`applyCreditsRemaining`). A chat send stops there: its accepted answer and its confirming deduct
 * carry the balance, so it asks for nothing more (docs/agents.md). Other charges (buying, Agent Mode
 * steps, regenerate) then ask for the figures again (`reloadBilling`, or the CREDITS_CHANGED_EVENT),
 * so every screen follows every charge without a reload.
 */
import { proxy } from 'valtio';
import { ApiError } from '../../api';
import { describeError, logger } from '../../lib/logger';
import { whenIdle } from '../../pwa/when-idle';
import { getCurrentSpaceId, onSessionReset, onSpaceSwitch } from '../../session';
import { fetchCredits, fetchPlan, isCheckoutStarted, postDeduction, postPlanUpgrade, postPurchase } from './billing.api';
import { readBillingSummary, saveBillingSummary, type BillingSummary } from './billing.cache';
import { BILLING_MESSAGES, BillingError } from './billing.messages';
import type { CheckoutStarted, CreditChange, Credits, DeductPayload, DeductResult, Plan, PlanChange } from '../../contract/billing';
import { leaveAppForCheckout } from './checkout-navigation';
import type { CreditPackage, PaidPlanType } from '../../contract/billing-catalogue';
import { API_ERROR_CODES } from '../../contract/errors';

export interface BillingState {
  plan: Plan | null;
  credits: Credits | null;
  /** True while a refresh is running. */
  loading: boolean;
  /** Both loaded at least once (from the server or the device). */
  loaded: boolean;
  planError: string | null;
  creditsError: string | null;
  /** The figures are the device's saved copy because the server could not be reached. */
  fromDevice: boolean;
  /** The package id being bought, or the plan being changed to. */
  purchasing: string | null;
  changingPlanTo: PaidPlanType | null;
}

const initialState = (): BillingState => ({
  plan: null,
  credits: null,
  loading: false,
  loaded: false,
  planError: null,
  creditsError: null,
  fromDevice: false,
  purchasing: null,
  changingPlanTo: null,
});

export const billingState = proxy<BillingState>(initialState());

/** The window event chats (and anything else that spends credits) fire after a charge. */
export const CREDITS_CHANGED_EVENT = 'mosaic:credits-changed';

/** The device copy is written by then at the latest, idle or not. */
const SAVE_WITHIN_MS = 5_000;

/** Cancels the save still waiting for an idle moment, if any: after sign-out it would write the figures back. */
let cancelPendingSave: (() => void) | null = null;
let running: Promise<void> | null = null;
let generation = 0;
/** When the server last gave both figures (Date.now()); 0 when the store holds none of its own. */
let fetchedAt = 0;
/**
 * Bumped by every balance a charge's answer puts on screen: a refresh asked for before it (its
 * answer may predate the charge) then leaves the credits alone; the reload after the charge sets them.
 */
let chargesApplied = 0;

/** The catalogue message, with the server's own detail as the reason when it gave one. */
export function billingError(message: string, error: unknown): BillingError {
  if (error instanceof BillingError) return error;
  if (error instanceof ApiError) {
    const code = error.serverCode ?? error.code;
    if (code === API_ERROR_CODES.insufficientCredits) return new BillingError(BILLING_MESSAGES.insufficientCredits, error.serverDetail ?? null, code);
    const fieldMessage = error.fieldErrors[0]?.message;
    return new BillingError(message, fieldMessage ?? error.serverDetail ?? error.message, code);
  }
  return new BillingError(message, null, null);
}

/** No answer at all (offline, time-out): the saved copy is the best there is. */
function isUnreachable(reason: unknown): boolean {
  return reason instanceof ApiError && (reason.code === 'NETWORK_ERROR' || reason.code === 'TIMEOUT_ERROR');
}

async function load(runGeneration: number): Promise<void> {
  const spaceId = getCurrentSpaceId();
  const chargesBefore = chargesApplied;
  billingState.loading = true;
  const [plan, credits] = await Promise.allSettled([fetchPlan(), fetchCredits()]);
  if (runGeneration !== generation) return;
  billingState.planError = plan.status === 'rejected' ? BILLING_MESSAGES.fetchPlanFailed : null;
  billingState.creditsError = credits.status === 'rejected' ? BILLING_MESSAGES.fetchCreditsFailed : null;
  if (plan.status === 'fulfilled') billingState.plan = plan.value;
  if (credits.status === 'fulfilled' && chargesBefore === chargesApplied) billingState.credits = credits.value;
  fetchedAt = plan.status === 'fulfilled' && credits.status === 'fulfilled' ? Date.now() : 0;
  billingState.fromDevice = false;
  const unreachable = [plan, credits].some((result) => result.status === 'rejected' && isUnreachable(result.reason));
  if (spaceId && unreachable) {
    // Offline: fall back to what this device saw last, and say so.
    const saved = await readBillingSummary(spaceId).catch(() => null);
    if (runGeneration !== generation) return;
    if (saved?.plan && plan.status === 'rejected' && !billingState.plan) billingState.plan = saved.plan;
    if (saved?.credits && credits.status === 'rejected' && !billingState.credits) billingState.credits = saved.credits;
    billingState.fromDevice = Boolean(saved);
  }
  if (spaceId && plan.status === 'fulfilled' && credits.status === 'fulfilled') {
    saveWhenIdle(spaceId, { plan: plan.value, credits: credits.value });
  }
  billingState.loading = false;
  billingState.loaded = true;
}

/**
 * The device's copy is only read offline, later: it is written when the browser is idle, so the
 * figures show at once and opening the device store (Dexie's code and the database) is not part of
 * a signed-in start (docs/performance.md).
 */
function saveWhenIdle(spaceId: string, summary: BillingSummary): void {
  dropPendingSave();
  cancelPendingSave = whenIdle(() => {
    cancelPendingSave = null;
    saveBillingSummary(spaceId, summary).catch((error: unknown) => logger.warn('Could not save billing summary', { error: describeError(error) }));
  }, SAVE_WITHIN_MS);
}

function dropPendingSave(): void {
  cancelPendingSave?.();
  cancelPendingSave = null;
}

/**
 * Reloads plan and credits. Concurrent callers share one run. Never throws: failures are kept as
 * `planError` / `creditsError` ('Failed to fetch plan info', 'Failed to fetch credits info').
 */
export function refreshBilling(): Promise<void> {
  if (running) return running;
  const run = load(generation).finally(() => {
    if (running === run) running = null;
  });
  running = run;
  return run;
}

/**
 * The plan and credits as the server gave them within the last `maxAgeMs`, or null. A chat's
 * pre-send check reads them instead of asking again: every charge updates the store (a send with
 * its answer's balance, others by a refresh), and the server refuses a send the credits no longer
 * cover with the same words (a 402).
 */
export function recentBilling(maxAgeMs: number): { plan: Plan; credits: Credits } | null {
  const { plan, credits } = billingState;
  if (!plan || !credits || fetchedAt === 0 || Date.now() - fetchedAt > maxAgeMs) return null;
  return { plan, credits };
}

/** Demo payments are done when the call answers; Stripe sends the buyer to its payment page. */
export type PaymentOutcome<T> = { kind: 'done'; result: T } | { kind: 'redirected'; checkout: CheckoutStarted };

/** Goes to the payment page, or fails with `message` when the checkout is no longer open. */
function redirectTo(checkout: CheckoutStarted, message: string): PaymentOutcome<never> {
  if (!checkout.checkout_url) {
    throw new BillingError(message, 'This payment is no longer open. Start a new one.', 'CHECKOUT_CLOSED');
  }
  leaveAppForCheckout(checkout.checkout_url);
  return { kind: 'redirected', checkout };
}

/**
 * A refresh that starts after any running one: what changed on the server just now (a payment
 * confirmed, a purchase, a charge) is in it, which a refresh already under way may have missed.
 */
export async function reloadBilling(): Promise<void> {
  if (running) await running;
  return refreshBilling();
}

/**
 * The balance a charge's own answer gives (`credits_remaining` of a chat accepted, a regeneration,
 * a deduction, a purchase), on screen at once; the reload that follows brings the rest. A charge
 * spends from the total (`used` grows); a purchase raises the total by what it `added`.
 */
export function applyCreditsRemaining(remaining: number, { added = 0 }: { added?: number } = {}): void {
  const credits = billingState.credits;
  chargesApplied += 1;
  if (!credits) return;
  const total = credits.total + added;
  billingState.credits = { ...credits, total, remaining, used: Math.max(0, total - remaining) };
}

/** Something spent or returned credits: the figures are asked for again, after any refresh under way. */
export function creditsChanged(): void {
  window.dispatchEvent(new CustomEvent(CREDITS_CHANGED_EVENT));
}

/**
 * Buys a credit package; rejects with 'Failed to purchase credits' (reason: the server's detail).
 * Pass the same `idempotencyKey` when retrying one attempt, so it is bought once.
 */
export async function purchaseCredits(pack: CreditPackage, idempotencyKey = `purchase-${crypto.randomUUID()}`): Promise<PaymentOutcome<CreditChange>> {
  billingState.purchasing = pack.id;
  try {
    const answer = await postPurchase({ credits: pack.credits, bonus: pack.bonus, price: pack.price }, idempotencyKey);
    if (isCheckoutStarted(answer)) return redirectTo(answer, BILLING_MESSAGES.purchaseFailed);
    // A repeated purchase (same key) added nothing now: the reload alone says what is there.
    if (!answer.duplicate) applyCreditsRemaining(answer.credits_remaining, { added: answer.credits_added });
    await reloadBilling();
    return { kind: 'done', result: answer };
  } catch (error) {
    throw billingError(BILLING_MESSAGES.purchaseFailed, error);
  } finally {
    billingState.purchasing = null;
  }
}

/** Pays for a paid plan; rejects with 'Failed to change plan'. */
export async function changePlan(planType: PaidPlanType, idempotencyKey = `plan-${crypto.randomUUID()}`): Promise<PaymentOutcome<PlanChange>> {
  billingState.changingPlanTo = planType;
  try {
    const answer = await postPlanUpgrade(planType, idempotencyKey);
    if (isCheckoutStarted(answer)) return redirectTo(answer, BILLING_MESSAGES.changePlanFailed);
    billingState.plan = answer.plan;
    billingState.credits = answer.credits;
    await reloadBilling();
    return { kind: 'done', result: answer };
  } catch (error) {
    throw billingError(BILLING_MESSAGES.changePlanFailed, error);
  } finally {
    billingState.changingPlanTo = null;
  }
}

/** Spends credits; rejects with 'Insufficient credits' or 'Failed to deduct credits'. */
export async function deductCredits(payload: DeductPayload, idempotencyKey?: string): Promise<DeductResult> {
  try {
    const result = await postDeduction(payload, idempotencyKey);
    applyCreditsRemaining(result.credits_remaining);
    await reloadBilling();
    return result;
  } catch (error) {
    throw billingError(BILLING_MESSAGES.deductFailed, error);
  }
}

function resetBilling(): void {
  dropPendingSave();
  generation += 1;
  running = null;
  fetchedAt = 0;
  chargesApplied = 0;
  Object.assign(billingState, initialState());
}

onSessionReset(resetBilling);
// Credits belong to the organisation, but the calls are space-scoped and the saved copy is per space.
onSpaceSwitch(() => {
  generation += 1;
  running = null;
  fetchedAt = 0;
  return refreshBilling();
});
// After, not with, a refresh already under way: that one may have been answered before the charge.
if (typeof window !== 'undefined') window.addEventListener(CREDITS_CHANGED_EVENT, () => void reloadBilling());
