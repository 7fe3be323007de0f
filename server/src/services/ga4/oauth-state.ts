/**
 * The OAuth `state`: a short-lived HS256 JWT (jose) naming who started the connection. The
 * callback is a browser navigation with no Authorization header, so this is how it knows the
 * user, organisation and space; the signature stops anyone from forging or altering it.
 */
import { SignJWT, errors, jwtVerify } from 'jose';
import type { AnalyticsProviderName } from '../../ga4/types';

export interface OAuthStateClaims {
  userId: string;
  orgId: string;
  spaceId: string;
  provider: AnalyticsProviderName;
  /** The redirect URI sent with the authorisation request; the code exchange must repeat it. */
  redirectUri: string;
}

/** Ten minutes: enough to pick an account and consent, short if the URL leaks. */
export const OAUTH_STATE_TTL_SECONDS = 600;
const ISSUER = 'mosaic';
const AUDIENCE = 'mosaic-ga4-oauth-state';

export type StateCheck = { ok: true; claims: OAuthStateClaims } | { ok: false; reason: 'invalid_state' | 'expired_state' };

export async function signOAuthState(key: Uint8Array, claims: OAuthStateClaims, now = Date.now()): Promise<string> {
  return new SignJWT({ org: claims.orgId, space: claims.spaceId, prov: claims.provider, ruri: claims.redirectUri })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + OAUTH_STATE_TTL_SECONDS)
    .sign(key);
}

export async function verifyOAuthState(key: Uint8Array, state: string): Promise<StateCheck> {
  try {
    const { payload } = await jwtVerify(state, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const { sub, org, space, prov, ruri } = payload;
    if (typeof sub !== 'string' || typeof org !== 'string' || typeof space !== 'string' || typeof ruri !== 'string') {
      return { ok: false, reason: 'invalid_state' };
    }
    if (prov !== 'google' && prov !== 'demo') return { ok: false, reason: 'invalid_state' };
    return { ok: true, claims: { userId: sub, orgId: org, spaceId: space, provider: prov, redirectUri: ruri } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired_state' : 'invalid_state' };
  }
}
