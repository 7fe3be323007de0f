/**
 * Google's error answers mapped to our error kinds (spec 001 §8). Google APIs answer
 * `{error: {code, message, status, details: [{reason}]}}`; the OAuth token endpoint answers
 * `{error: 'invalid_grant', error_description}`.
 */
import { ProviderError } from '../types';

interface ApiErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: { reason?: string }[] } | string;
  error_description?: string;
}

function bodyOf(text: string): ApiErrorBody {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ApiErrorBody) : {};
  } catch {
    return {};
  }
}

/** An error answer of the Admin or Data API. */
export function apiError(status: number, text: string): ProviderError {
  const body = bodyOf(text);
  const error = typeof body.error === 'object' ? body.error : undefined;
  const message = error?.message ?? `Google Analytics answered HTTP ${status}`;
  const reasons = (error?.details ?? []).map((detail) => detail.reason ?? '');
  if (status === 401 || error?.status === 'UNAUTHENTICATED') return new ProviderError('access_token_rejected', message);
  if (status === 429 || error?.status === 'RESOURCE_EXHAUSTED') return new ProviderError('GA4_QUOTA_EXCEEDED', message);
  if (status === 403) {
    const scopeProblem = reasons.includes('ACCESS_TOKEN_SCOPE_INSUFFICIENT') || /insufficient authentication scopes/i.test(message);
    return new ProviderError(scopeProblem ? 'GA4_INSUFFICIENT_SCOPE' : 'GA4_PERMISSION_DENIED', message);
  }
  if (status === 404) return new ProviderError('GA4_PERMISSION_DENIED', message);
  if (status >= 400 && status < 500) return new ProviderError('bad_request', message);
  return new ProviderError('unavailable', message);
}

/** An error answer of the OAuth token endpoint (code exchange or refresh). */
export function tokenEndpointError(status: number, text: string): ProviderError {
  const body = bodyOf(text);
  const code = typeof body.error === 'string' ? body.error : undefined;
  const message = body.error_description ?? code ?? `Google's token endpoint answered HTTP ${status}`;
  // invalid_grant: the refresh token (or code) was revoked, expired or already used.
  if (code === 'invalid_grant') return new ProviderError('REFRESH_TOKEN_EXPIRED', message);
  if (code === 'invalid_client' || code === 'unauthorized_client') return new ProviderError('GA4_AUTH_FAILED', message);
  if (status >= 500) return new ProviderError('unavailable', message);
  return new ProviderError('GA4_AUTH_FAILED', message);
}

/** fetch with a time-out; network failures and time-outs become `unavailable`. */
export async function fetchGoogle(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : String(error);
    throw new ProviderError('unavailable', `Google could not be reached: ${reason}`);
  }
}
