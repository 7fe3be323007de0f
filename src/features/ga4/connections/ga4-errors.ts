/**
 * Analytics errors (spec 001 §8): each failure gets a user message and a kind. 'auth' failures
 * (tokens, permissions) need the user to reconnect and set the auth-error flag; 'temporary' ones
 * clear it because waiting fixes them; 'other' failures leave it as it is.
 */
import { ApiError, ERROR_MESSAGES } from '../../../api';
import { GA4_TOO_MANY_ACCOUNTS_ERROR, GA4_TOO_MANY_ACCOUNTS_TEXT } from '../../../contract/ga4';

export const GA4_MESSAGES = {
  tokenExpired: 'Your Google Analytics connection is refreshing. Please wait a moment.',
  tokenRefreshNeeded: 'Reconnecting...',
  insufficientScope: 'Google Analytics permissions need to be updated. Please reconnect your account.',
  authFailed: 'Google Analytics authentication has expired. Please reconnect your account.',
  quotaExceeded: 'Google Analytics usage limit reached. Please try again in a few minutes.',
  permissionDenied: 'Access denied to this Google Analytics property. Please check your permissions.',
  authExpired: 'Authentication expired. Please reconnect your account.',
  unexpected: 'An unexpected error occurred',
  noPropertySelected: 'No GA4 property selected',
  connected: 'Google Analytics connected',
  accessDenied: 'Google Analytics access was not granted. Connect again and allow read-only access.',
  accountRemoved: 'Account removed',
  propertyLinked: 'Property linked',
  propertyUnlinked: 'Property unlinked',
} as const;

export type Ga4FailureKind = 'auth' | 'temporary' | 'other';

export interface Ga4Failure {
  message: string;
  /** The server's GA4 code when it sent one, else the request layer's catalogue code. */
  code: string;
  kind: Ga4FailureKind;
}

/** A failed GA4 action, thrown to the screen that started it. */
export class Ga4Error extends Error {
  override readonly name = 'Ga4Error';
  readonly code: string;
  readonly kind: Ga4FailureKind;

  constructor(failure: Ga4Failure) {
    super(failure.message);
    this.code = failure.code;
    this.kind = failure.kind;
  }
}

const KNOWN_CODES: Record<string, { message: string; kind: Ga4FailureKind }> = {
  GA4_TOKEN_EXPIRED: { message: GA4_MESSAGES.tokenExpired, kind: 'temporary' },
  GA4_TOKEN_REFRESH_NEEDED: { message: GA4_MESSAGES.tokenRefreshNeeded, kind: 'temporary' },
  GA4_INSUFFICIENT_SCOPE: { message: GA4_MESSAGES.insufficientScope, kind: 'auth' },
  GA4_AUTH_FAILED: { message: GA4_MESSAGES.authFailed, kind: 'auth' },
  REFRESH_TOKEN_EXPIRED: { message: GA4_MESSAGES.authFailed, kind: 'auth' },
  GA4_QUOTA_EXCEEDED: { message: GA4_MESSAGES.quotaExceeded, kind: 'temporary' },
  GA4_PERMISSION_DENIED: { message: GA4_MESSAGES.permissionDenied, kind: 'auth' },
};

/** The message for a code the OAuth callback puts in ?error= (or any GA4 code), else null. */
export function ga4CodeMessage(code: string): string | null {
  return KNOWN_CODES[code]?.message ?? null;
}

/** The OAuth callback's ?error=<code>: a GA4 code's message, a refused consent, else the default. */
export function callbackErrorMessage(code: string): string {
  if (code === 'access_denied') return GA4_MESSAGES.accessDenied;
  if (code === GA4_TOO_MANY_ACCOUNTS_ERROR) return GA4_TOO_MANY_ACCOUNTS_TEXT;
  return ga4CodeMessage(code) ?? GA4_MESSAGES.unexpected;
}

/** "…a token refresh will be attempted": the server is already fixing it. */
const REFRESH_ATTEMPTED = /refresh.*(attempt|retr)|will (be )?refresh/i;

export function toGa4Failure(error: unknown): Ga4Failure {
  if (error instanceof Ga4Error) return { message: error.message, code: error.code, kind: error.kind };
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error && error.message ? error.message : GA4_MESSAGES.unexpected;
    return { message, code: 'UNKNOWN', kind: 'other' };
  }
  const detail = error.serverDetail;
  const serverCode = error.serverCode;
  const known = serverCode ? KNOWN_CODES[serverCode] : undefined;
  // A detail from the server overrides the catalogue text (spec 001 §8).
  if (known && serverCode) return { message: detail ?? known.message, code: serverCode, kind: known.kind };

  if (error.status === 401 || error.status === 403) {
    const code = serverCode ?? error.code;
    if (detail && REFRESH_ATTEMPTED.test(detail)) return { message: detail, code, kind: 'temporary' };
    // A 401 on a GA4 path is about the Google connection and shows spec 000 §8's own text; the
    // session stays. Other refusals show the server's detail (spec 001 §8).
    if (error.status === 401) return { message: ERROR_MESSAGES.ga4OauthExpired, code, kind: 'auth' };
    return { message: detail ?? GA4_MESSAGES.authExpired, code, kind: 'auth' };
  }
  const message = detail ?? error.message ?? GA4_MESSAGES.unexpected;
  return { message: message || GA4_MESSAGES.unexpected, code: serverCode ?? error.code, kind: 'other' };
}

/** No answer at all (offline, time-out): saved data is the best there is. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT_ERROR');
}
