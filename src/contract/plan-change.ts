/**
 * What changing from the current plan to another paid plan is (docs/billing.md "Changing plan
 * mid-period"), for the server, which applies it, and the Pricing screen, which says it first.
 */
import { PAID_PLAN_TYPES, cataloguePlan, type CataloguePlan, type PaidPlanType } from './billing-catalogue';

/** The organisation's plan as far as a change is concerned. */
export interface PlanNow {
  type: string;
  /** Usable now (not expired). */
  active: boolean;
  /** Paid 30 days at a time (Stripe, an end date), rather than renewing by itself. */
  paidOnce: boolean;
}

export type PlanChangeKind =
  /** More credits while a plan renewing by itself runs: pay the price difference, get the credit difference; the cycle goes on. */
  | { kind: 'upgrade'; from: CataloguePlan; credits: number; price: number }
  /** Fewer credits while a paid plan runs: nothing paid or granted now; the new plan's credits come at the next renewal. */
  | { kind: 'downgrade'; from: CataloguePlan }
  /** From the trial, an expired plan, or a period paid once: a whole new period, paid and granted in full. */
  | { kind: 'new-period' };

const isPaid = (type: string): type is PaidPlanType => (PAID_PLAN_TYPES as readonly string[]).includes(type);

export function planChangeKind(current: PlanNow, offer: CataloguePlan): PlanChangeKind {
  const from = isPaid(current.type) && current.type !== offer.type && current.active ? cataloguePlan(current.type) : undefined;
  if (!from) return { kind: 'new-period' };
  if (offer.credits < from.credits) return { kind: 'downgrade', from };
  // A period paid once is bought whole: paying for a bigger plan buys 30 days of it.
  if (current.paidOnce) return { kind: 'new-period' };
  return { kind: 'upgrade', from, credits: offer.credits - from.credits, price: Math.max(0, offer.price_monthly - from.price_monthly) };
}
