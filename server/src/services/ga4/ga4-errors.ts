/**
 * Provider errors as API answers (docs/analytics.md "Errors"). A 401 here means only "the Google
 * connection must be reconnected": the client keeps the Mosaic session on GA4 paths (spec 000 §8).
 */
import { AppError, GA4_MESSAGES } from '../../errors';
import type { ProviderError, ProviderErrorKind } from '../../ga4/types';
import type { Ga4ErrorCode } from '../../../../src/contract/ga4';

const ANSWERS: Record<ProviderErrorKind, { status: number; code: string; detail?: string }> = {
  REFRESH_TOKEN_EXPIRED: { status: 401, code: 'REFRESH_TOKEN_EXPIRED', detail: GA4_MESSAGES.refreshTokenExpired },
  GA4_AUTH_FAILED: { status: 401, code: 'GA4_AUTH_FAILED', detail: GA4_MESSAGES.authFailed },
  GA4_OAUTH_EXPIRED: { status: 401, code: 'GA4_OAUTH_EXPIRED', detail: GA4_MESSAGES.authFailed },
  access_token_rejected: { status: 401, code: 'GA4_AUTH_FAILED', detail: GA4_MESSAGES.authFailed },
  GA4_INSUFFICIENT_SCOPE: { status: 403, code: 'GA4_INSUFFICIENT_SCOPE', detail: GA4_MESSAGES.insufficientScope },
  GA4_PERMISSION_DENIED: { status: 403, code: 'GA4_PERMISSION_DENIED', detail: GA4_MESSAGES.permissionDenied },
  GA4_QUOTA_EXCEEDED: { status: 429, code: 'GA4_QUOTA_EXCEEDED', detail: GA4_MESSAGES.quotaExceeded },
  GA4_TOKEN_EXPIRED: { status: 503, code: 'GA4_TOKEN_EXPIRED', detail: GA4_MESSAGES.tokenExpired },
  GA4_TOKEN_REFRESH_NEEDED: { status: 503, code: 'GA4_TOKEN_REFRESH_NEEDED', detail: GA4_MESSAGES.tokenRefreshNeeded },
  // The source's own words say what was wrong with the query (e.g. an unknown metric).
  bad_request: { status: 400, code: 'GA4_BAD_REQUEST' },
  unavailable: { status: 502, code: 'GA4_UNAVAILABLE', detail: GA4_MESSAGES.unavailable },
};

export function toAppError(error: ProviderError): AppError {
  const answer = ANSWERS[error.kind];
  return new AppError(answer.status, answer.detail ?? error.message, answer.code);
}

/** Errors that say the account itself needs attention (stored as auth_error until a success). */
export function accountErrorCode(error: ProviderError): Ga4ErrorCode | undefined {
  switch (error.kind) {
    case 'REFRESH_TOKEN_EXPIRED':
    case 'GA4_AUTH_FAILED':
    case 'GA4_INSUFFICIENT_SCOPE':
    case 'GA4_PERMISSION_DENIED':
      return error.kind;
    case 'access_token_rejected':
      return 'GA4_AUTH_FAILED';
    default:
      return undefined;
  }
}

/** Codes that mean "reconnect": the auth status reports them as auth_expired. */
export const EXPIRY_CODES: readonly string[] = ['REFRESH_TOKEN_EXPIRED', 'GA4_AUTH_FAILED', 'GA4_OAUTH_EXPIRED', 'GA4_TOKEN_EXPIRED'];
