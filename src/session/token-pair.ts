/**
 * The token pair's shape check (spec 000 §3, §7). It lives with the session because both sign-in
 * (features/auth) and the request layer's refresh (src/api/token-refresh.ts) store what it accepts:
 * a malformed answer must fail loudly instead of leaving a half-stored session.
 */
import { asSchema, isNonEmptyString, isPlainObject } from '../lib/response-shape';
import type { TokenPair } from './wire-types';

export function checkTokenPair(value: unknown): TokenPair | undefined {
  if (!isPlainObject(value) || !isNonEmptyString(value.access_token) || !isNonEmptyString(value.refresh_token)) {
    return undefined;
  }
  return { access_token: value.access_token, refresh_token: value.refresh_token };
}

export const tokenPairSchema = asSchema(checkTokenPair);
