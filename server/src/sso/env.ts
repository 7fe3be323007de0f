/**
 * Single sign-on environment variables (docs/sso.md "Configuration"). config.ts merges this shape
 * into its one schema, so every variable is still read and checked once at start-up. The
 * providers themselves are configured per organisation in the app, not here.
 */
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const ssoEnvShape = {
  SSO_SECRET_KEY: optional(z.string().min(32, 'SSO_SECRET_KEY must be at least 32 characters')),
  // http:// issuers only for a provider on this machine or a private network you trust (tests, a lab).
  SSO_ALLOW_HTTP_ISSUERS: optional(booleanText).default(false),
  // 10 s: discovery, the token exchange and userinfo are small calls; a hung provider still fails.
  SSO_HTTP_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(120)).default(10),
};

type SsoEnv = z.output<z.ZodObject<typeof ssoEnvShape>>;

export interface SsoConfig {
  /** Unset → derived from the access-token signing key (JWT_SECRET or the generated one). */
  secretKey: string | undefined;
  allowHttpIssuers: boolean;
  httpTimeoutSeconds: number;
}

export function ssoConfigFrom(values: SsoEnv): SsoConfig {
  return {
    secretKey: values.SSO_SECRET_KEY,
    allowHttpIssuers: values.SSO_ALLOW_HTTP_ISSUERS,
    httpTimeoutSeconds: values.SSO_HTTP_TIMEOUT_SECONDS,
  };
}
