/**
 * Web Push environment variables (docs/pwa.md "Notifications"). config.ts merges this shape into its
 * one schema, so every variable is still read and checked once at start-up.
 */
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const flag = optional(
  z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes'),
).default(false);

export const pushEnvShape = {
  // An uncompressed P-256 point (65 bytes) and a scalar (32 bytes), base64url, as `web-push generate-vapid-keys` prints them.
  VAPID_PUBLIC_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)')),
  VAPID_PRIVATE_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{42,44}={0,2}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)')),
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https: URL')),
  // Plain-http push endpoints are refused unless this is set: browsers' push services are all https.
  PUSH_ALLOW_HTTP_ENDPOINTS: flag,
  // UNSAFE outside tests: lets the server push to loopback, private and link-local addresses, so
  // anyone signed in could make it send requests into its own network (endpoint-address.ts).
  PUSH_ALLOW_PRIVATE_ENDPOINTS: flag,
};

type PushEnv = z.output<z.ZodObject<typeof pushEnvShape>> & { MAIL_FROM: string; PUBLIC_URL?: string | undefined };

export interface PushConfig {
  /** Both set → these keys; unset → a pair generated on first start and kept in app_secrets. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who runs this server, for push services to contact (RFC 8292 `sub`). */
  subject: string;
  allowHttpEndpoints: boolean;
  /** PUSH_ALLOW_PRIVATE_ENDPOINTS: no public-address check (the tests' local push service only). */
  allowPrivateEndpoints: boolean;
}

/** Problems no single variable shows: the two keys are one pair. */
export function pushEnvProblems(values: PushEnv): string[] {
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    return ['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (one key pair) or neither (a pair is generated and kept in the database)'];
  }
  return [];
}

/** VAPID_SUBJECT, else PUBLIC_URL when it is https, else a mailto: of MAIL_FROM's address. */
export function pushConfigFrom(values: PushEnv): PushConfig {
  const mailAddress = /<([^>]+)>/.exec(values.MAIL_FROM)?.[1] ?? values.MAIL_FROM.trim();
  const subject =
    values.VAPID_SUBJECT ?? (values.PUBLIC_URL?.startsWith('https://') ? values.PUBLIC_URL.replace(/\/+$/, '') : `mailto:${mailAddress}`);
  return {
    vapidKeys:
      values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
        ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
        : undefined,
    subject,
    allowHttpEndpoints: values.PUSH_ALLOW_HTTP_ENDPOINTS,
    allowPrivateEndpoints: values.PUSH_ALLOW_PRIVATE_ENDPOINTS,
  };
}
