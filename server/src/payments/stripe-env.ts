/**
 * Stripe environment variables (docs/billing.md "Stripe"). config.ts merges this shape into its
 * one schema, so every variable is still read and checked once at start-up.
 */
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const stripeEnvShape = {
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_(test|live)_\S+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key)'),
  ),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\S+$/, "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)")),
  STRIPE_CURRENCY: optional(z.string().regex(/^[A-Za-z]{3}$/, 'STRIPE_CURRENCY must be a three-letter ISO 4217 code such as usd or eur'))
    .default('usd')
    .transform((code) => code.toLowerCase()),
  // Stripe's API address; overridable so tests (and proxies) can stand in for it.
  STRIPE_API_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'STRIPE_API_BASE_URL must be an http(s) URL' })),
};

type StripeEnv = z.output<z.ZodObject<typeof stripeEnvShape>>;

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Lower-case ISO 4217; the catalogue's prices are charged in it. */
  currency: string;
  /** Unset → https://api.stripe.com. */
  apiBaseUrl: string | undefined;
}

/**
 * Problems no single variable shows: Stripe needs both keys, because credits are added only by
 * signed webhooks (a secret key alone would take money and never credit it).
 */
export function stripeEnvProblems(values: StripeEnv): string[] {
  if (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) {
    return ['STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (payments are credited only when the signed webhook arrives)'];
  }
  if (!values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET) {
    return ['STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET'];
  }
  return [];
}

/** Both keys set → Stripe; otherwise undefined, and the demo provider takes payments. */
export function stripeConfigFrom(values: StripeEnv): StripeConfig | undefined {
  if (!values.STRIPE_SECRET_KEY || !values.STRIPE_WEBHOOK_SECRET) return undefined;
  return {
    secretKey: values.STRIPE_SECRET_KEY,
    webhookSecret: values.STRIPE_WEBHOOK_SECRET,
    currency: values.STRIPE_CURRENCY,
    apiBaseUrl: values.STRIPE_API_BASE_URL,
  };
}
