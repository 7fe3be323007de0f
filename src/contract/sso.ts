/**
 * Single sign-on with an organisation's OpenID Connect provider (docs/sso.md). The settings an
 * owner keeps (never the client secret on the way out), the sign-in look-up, the hand-over of the
 * session to the app, and every refusal's code and words, spelt once for server and screens.
 */
// No schemas here: the Login screen loads this file. The sign-in answers' schemas are in
// sso-schemas.ts, the provider settings an owner edits in sso-settings.ts.
import type { SessionAnswer } from './session-answers';

export const SSO_PROVIDER_NAME_MAX_CHARS = 60;
export const SSO_CLIENT_ID_MAX_CHARS = 255;
export const SSO_CLIENT_SECRET_MAX_CHARS = 1024;
export const SSO_ISSUER_MAX_CHARS = 500;

/**
 * The app page the provider's round trip ends on (the SSO screen), and its query parameters. The
 * API's start and callback paths are routes of the contract (auth-routes.ts).
 */
export const SSO_APP_PATH = '/login/sso';

export const SSO_TEXTS = {
  providerNameRequired: 'Give the provider a name people recognise, like "Okta" or "Microsoft Entra ID"',
  providerNameTooLong: `The provider name must be at most ${SSO_PROVIDER_NAME_MAX_CHARS} characters`,
  issuerInvalid: 'Enter the issuer URL, like https://login.example.com',
  issuerNotHttps: 'The issuer URL must start with https://',
  clientIdRequired: 'Enter the client ID the provider gave Mosaic',
  clientSecretRequired: 'Enter the client secret the provider gave Mosaic',
  domainInvalid: 'Enter one email domain, like example.com (no @, no spaces)',
  domainPublic: (domain: string) =>
    `${domain} is a public email service: anyone can have an address there, so it cannot decide who joins your organisation`,
  discoveryFailed: (issuer: string, reason: string) =>
    `Mosaic could not read the provider's OpenID configuration at ${issuer}: ${reason}. Check the issuer URL.`,
  onlyOwnersConfigure: 'Only organisation owners can set up single sign-on',
  onlyManagersRead: 'Only organisation owners and admins can see the single sign-on settings',
  notConfigured: 'Single sign-on is not set up for this organisation',
} as const;

/** Why an SSO sign-in did not finish: the code travels in the app page's query (`?error=`). */
export const SSO_ERROR_CODES = [
  'SSO_NOT_CONFIGURED',
  'SSO_LINK_EXPIRED',
  'SSO_PROVIDER_REFUSED',
  'SSO_PROVIDER_UNREACHABLE',
  'SSO_SIGN_IN_FAILED',
  'SSO_EMAIL_NOT_VERIFIED',
  'SSO_DOMAIN_NOT_ALLOWED',
  'SSO_ACCOUNT_ELSEWHERE',
  'ACCOUNT_SUSPENDED',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export const SSO_ERROR_MESSAGES: Record<SsoErrorCode, string> = {
  SSO_NOT_CONFIGURED:
    'Single sign-on is not set up for this email domain. Sign in with your password, or ask an owner of your organisation to set it up.',
  SSO_LINK_EXPIRED:
    'This sign-in attempt has expired or was already used. Start again: it works for 10 minutes, in the browser where you started it.',
  SSO_PROVIDER_REFUSED: 'Your identity provider did not complete the sign-in. Try again, or ask your IT team whether you may use Mosaic.',
  SSO_PROVIDER_UNREACHABLE:
    'Mosaic could not reach your identity provider. Try again in a moment; if it keeps failing, ask an owner of your organisation to check the single sign-on settings.',
  SSO_SIGN_IN_FAILED: 'Your identity provider\'s answer could not be verified, so you were not signed in. Start again.',
  SSO_EMAIL_NOT_VERIFIED:
    'Your identity provider has not verified your email address, so Mosaic cannot sign you in with it. Ask your IT team to verify it, or sign in with your password.',
  SSO_DOMAIN_NOT_ALLOWED:
    'The account you chose at your identity provider has an email address outside your organisation\'s domain. Sign in there with your work account.',
  SSO_ACCOUNT_ELSEWHERE:
    'Your email address belongs to a Mosaic account outside this organisation. Sign in with your password instead.',
  ACCOUNT_SUSPENDED: 'Your account has been suspended. Contact an owner or admin of your organisation, or Mosaic support, to have it reactivated.',
};

export function isSsoErrorCode(value: unknown): value is SsoErrorCode {
  return typeof value === 'string' && (SSO_ERROR_CODES as readonly string[]).includes(value);
}

/** GET /auth/sso/lookup?email=: whether the address's domain signs in through a provider. */
export interface SsoLookup {
  sso: { provider_name: string; organization_name: string } | null;
}

/** POST /auth/sso/complete: a session, and the in-app path the person was heading to, if any. */
export interface SsoCompleteAnswer extends SessionAnswer {
  redirect: string | null;
}

/** 'Ada@Example.com' → 'example.com' ('' when there is no @). */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at === -1 ? '' : email.slice(at + 1).trim().toLowerCase();
}
