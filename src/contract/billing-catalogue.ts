/**
 * The plans and credit packages on sale: one definition shared by the server (which prices every
 * purchase and plan change from it, never from the request) and the Pricing and Credits screens
 * (which can show it without a network call, signed in or not). No imports: both sides load it.
 */

/** A new organisation's free plan is a 14-day trial with 3000 credits (spec 001 §9). */
export const TRIAL_DAYS = 14;
export const FREE_TRIAL_PLAN_NAME = 'Free Trial';
/** Default credit total (spec 001 §3). */
export const DEFAULT_CREDIT_TOTAL = 3000;

/** The plans offered for sale or trial; 'enterprise' exists in the enum but is not offered. */
export const CATALOGUE_PLAN_TYPES = ['free', 'starter', 'pro', 'business'] as const;
export type CataloguePlanType = (typeof CATALOGUE_PLAN_TYPES)[number];
export const PAID_PLAN_TYPES = ['starter', 'pro', 'business'] as const satisfies readonly CataloguePlanType[];
export type PaidPlanType = (typeof PAID_PLAN_TYPES)[number];

export interface CataloguePlan {
  type: CataloguePlanType;
  name: string;
  /** Credits per cycle (the trial's credits for the free plan). */
  credits: number;
  /** US dollars per month; 0 for the trial. */
  price_monthly: number;
  /** Trial length for the free plan; null for paid plans, which renew monthly. */
  trial_days: number | null;
  description: string;
  features: string[];
  /** The plan the Pricing screen highlights. */
  recommended: boolean;
}

/**
 * What every plan includes, listed on every card in this order after the plan's own two lines
 * (its credits and their terms), so cards compare line by line. Plans differ by credits only: no
 * feature is held back from a plan, so none is listed on one card and missing from another.
 */
export const PLAN_SHARED_FEATURES = [
  'All six AI agents',
  'Unlimited spaces',
  'Knowledge base with document search',
  'Google Analytics dashboard',
  'Brand voice for every agent',
  'Usage analytics per agent and feature',
] as const;

const paidFeatures = (credits: number) => [`${credits.toLocaleString('en-US')} credits every month`, 'Unused credits carry over', ...PLAN_SHARED_FEATURES];

export const PLAN_CATALOGUE: readonly CataloguePlan[] = [
  {
    type: 'free',
    name: FREE_TRIAL_PLAN_NAME,
    credits: DEFAULT_CREDIT_TOTAL,
    price_monthly: 0,
    trial_days: TRIAL_DAYS,
    description: 'Try every agent with your team for two weeks, no payment details needed.',
    features: [`${DEFAULT_CREDIT_TOTAL.toLocaleString('en-US')} credits for ${TRIAL_DAYS} days`, 'No payment details needed', ...PLAN_SHARED_FEATURES],
    recommended: false,
  },
  {
    type: 'starter',
    name: 'Starter',
    credits: 10_000,
    price_monthly: 29,
    trial_days: null,
    description: 'For a marketer or a small team running a few campaigns a month.',
    features: paidFeatures(10_000),
    recommended: false,
  },
  {
    type: 'pro',
    name: 'Pro',
    credits: 40_000,
    price_monthly: 99,
    trial_days: null,
    description: 'For teams that chat with agents every day across several brands.',
    features: paidFeatures(40_000),
    recommended: true,
  },
  {
    type: 'business',
    name: 'Business',
    credits: 150_000,
    price_monthly: 299,
    trial_days: null,
    description: 'For agencies and larger departments with many spaces and heavy usage.',
    features: paidFeatures(150_000),
    recommended: false,
  },
];

export function cataloguePlan(type: string): CataloguePlan | undefined {
  return PLAN_CATALOGUE.find((plan) => plan.type === type);
}

export interface CreditPackage {
  id: string;
  credits: number;
  /** Extra credits on top, a reward for buying more at once. */
  bonus: number;
  bonus_percent: number;
  /** US dollars. */
  price: number;
}

/** Credit top-ups: 1,000 / 5,000 +10 % / 20,000 +20 %, one cent per credit before the bonus. */
export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  { id: 'credits_1000', credits: 1_000, bonus: 0, bonus_percent: 0, price: 10 },
  { id: 'credits_5000', credits: 5_000, bonus: 500, bonus_percent: 10, price: 50 },
  { id: 'credits_20000', credits: 20_000, bonus: 4_000, bonus_percent: 20, price: 200 },
];

export function creditPackageFor(credits: number): CreditPackage | undefined {
  return CREDIT_PACKAGES.find((pack) => pack.credits === credits);
}
