/**
 * Google's OAuth 2.0 token revocation (RFC 7009 style): POST the token, form-encoded. Revoking a
 * refresh token ends the whole grant (and its access tokens).
 */
import { ProviderError, type RevocationOutcome } from '../types';
import { fetchGoogle } from './google-errors';

/** A person is waiting on the remove button; a revocation that hangs longer is given up (and reported). */
const MAX_REVOKE_WAIT_MS = 10_000;

export async function revokeGoogleToken(endpoint: string, token: string, timeoutMs: number): Promise<RevocationOutcome> {
  const response = await fetchGoogle(
    endpoint,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ token }),
    },
    Math.min(timeoutMs, MAX_REVOKE_WAIT_MS),
  );
  if (response.ok) return 'revoked';
  const text = await response.text();
  let code: unknown;
  try {
    code = (JSON.parse(text) as { error?: unknown }).error;
  } catch {
    code = undefined;
  }
  if (response.status === 400 && code === 'invalid_token') return 'unknown_token';
  // Never include the token: only Google's status and error code go into the message (and logs).
  throw new ProviderError(response.status >= 500 ? 'unavailable' : 'GA4_AUTH_FAILED', `Google's revocation endpoint answered HTTP ${response.status}${typeof code === 'string' ? ` (${code})` : ''}`);
}
