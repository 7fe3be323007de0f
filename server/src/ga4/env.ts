/**
 * Google Analytics 4 environment variables (docs/analytics.md "Configuration"). config.ts merges
 * this shape into its one schema, so every variable is still read and checked once at start-up.
 */
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const httpUrl = (name: string) => z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` });

export const ga4EnvShape = {
  GOOGLE_OAUTH_CLIENT_ID: optional(z.string().min(1)),
  GOOGLE_OAUTH_CLIENT_SECRET: optional(z.string().min(1)),
  GOOGLE_OAUTH_REDIRECT_URL: optional(httpUrl('GOOGLE_OAUTH_REDIRECT_URL')),
  /** The address people reach Mosaic at; the default OAuth redirect URL is built from it. */
  PUBLIC_URL: optional(httpUrl('PUBLIC_URL')),
  GA4_TOKEN_KEY: optional(z.string().min(32, 'GA4_TOKEN_KEY must be at least 32 characters')),
  // Google's endpoints; overridable so tests (and proxies) can stand in for them.
  GOOGLE_OAUTH_AUTHORIZE_URL: optional(httpUrl('GOOGLE_OAUTH_AUTHORIZE_URL')).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: optional(httpUrl('GOOGLE_OAUTH_TOKEN_URL')).default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: optional(httpUrl('GOOGLE_USERINFO_URL')).default('https://openidconnect.googleapis.com/v1/userinfo'),
  GOOGLE_OAUTH_REVOKE_URL: optional(httpUrl('GOOGLE_OAUTH_REVOKE_URL')).default('https://oauth2.googleapis.com/revoke'),
  GA4_ADMIN_API_URL: optional(httpUrl('GA4_ADMIN_API_URL')).default('https://analyticsadmin.googleapis.com/v1beta'),
  GA4_DATA_API_URL: optional(httpUrl('GA4_DATA_API_URL')).default('https://analyticsdata.googleapis.com/v1beta'),
  // 30 s: Data API reports over long ranges can take several seconds; a hung call still fails.
  GA4_API_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(300)).default(30),
};

type Ga4Env = z.output<z.ZodObject<typeof ga4EnvShape>>;

export interface GoogleOAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface Ga4Config {
  /** Both id and secret set → real Google; otherwise the embedded demo source. */
  googleClient: GoogleOAuthClient | undefined;
  /** Unset → `<publicUrl or request origin>/api/v1/integrations/ga4/oauth/callback`. */
  redirectUrl: string | undefined;
  publicUrl: string | undefined;
  /** Unset → derived from the access-token signing key (JWT_SECRET or the generated one). */
  tokenKey: string | undefined;
  endpoints: {
    authorize: string;
    token: string;
    userinfo: string;
    /** Where a removed account's grant is revoked (needs no client credentials). */
    revoke: string;
    adminApi: string;
    dataApi: string;
  };
  timeoutMs: number;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export function ga4ConfigFrom(values: Ga4Env): Ga4Config {
  const { GOOGLE_OAUTH_CLIENT_ID: clientId, GOOGLE_OAUTH_CLIENT_SECRET: clientSecret } = values;
  return {
    googleClient: clientId && clientSecret ? { clientId, clientSecret } : undefined,
    redirectUrl: values.GOOGLE_OAUTH_REDIRECT_URL,
    publicUrl: values.PUBLIC_URL ? withoutTrailingSlash(values.PUBLIC_URL) : undefined,
    tokenKey: values.GA4_TOKEN_KEY,
    endpoints: {
      authorize: values.GOOGLE_OAUTH_AUTHORIZE_URL,
      token: values.GOOGLE_OAUTH_TOKEN_URL,
      userinfo: values.GOOGLE_USERINFO_URL,
      revoke: values.GOOGLE_OAUTH_REVOKE_URL,
      adminApi: withoutTrailingSlash(values.GA4_ADMIN_API_URL),
      dataApi: withoutTrailingSlash(values.GA4_DATA_API_URL),
    },
    timeoutMs: values.GA4_API_TIMEOUT_SECONDS * 1000,
  };
}
