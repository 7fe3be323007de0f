import { randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Role } from '../../../src/contract/auth';
import { MESSAGES, unauthorized } from '../errors';
import { isUuid } from '../db/ids';
import { ROLES } from '../db/schema/enums';
import type { AuthClaims } from './auth-claims';
import { VerifiedTokens, type VerifiedToken } from './verified-tokens';

export type { AuthClaims } from './auth-claims';

const ALGORITHM = 'HS256';
const ISSUER = 'mosaic';
const AUDIENCE = 'mosaic-api';

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/**
 * How far ahead of this server's clock a token's `iat` may be: the clocks of several processes
 * (or hosts) sharing the key never agree exactly. A token "issued" further in the future was not
 * issued by a process with a sane clock.
 */
export const CLOCK_SKEW_SECONDS = 30;

/** Epoch seconds now; replaceable so tests choose the time. */
export type Clock = () => number;
const systemClock: Clock = () => Math.floor(Date.now() / 1000);

/**
 * Signs and checks short-lived HS256 access tokens with claims sub, role, org, iat and exp. A
 * token is accepted only if it lives no longer than the configured TTL (exp − iat) and was not
 * issued in the future: a token minted with the key but a long lifetime (a leaked key, a
 * misconfigured process) does not become a ten-year pass.
 */
export class AccessTokens {
  /**
   * The secret as a WebCrypto key, imported once. Given the raw bytes, jose imports them again on
   * every call, a quarter of the cost of checking a token, paid on every authenticated request
   * (docs/reliability.md, "Read path").
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /** Tokens already checked in full, for their time checks alone on the next use (verified-tokens.ts). */
  private readonly verified = new VerifiedTokens();

  constructor(
    secret: Uint8Array,
    readonly ttlSeconds: number,
    private readonly now: Clock = systemClock,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: AuthClaims): Promise<string> {
    const issuedAt = this.now();
    return new SignJWT({ role: claims.role, org: claims.orgId, ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      // Unique per issue, so two tokens for one person in the same second still differ.
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(await this.key);
  }

  /** Throws a 401 AppError: 'Token expired' for an expired token, 'Not authenticated' otherwise. */
  async verify(token: string): Promise<AuthClaims> {
    const now = this.now();
    const known = this.verified.get(token);
    if (known) return this.stillValid(token, known, now);
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(now * 1000),
      });
      const { sub, role, org, iat, exp, nbf, sid } = payload;
      // Ids are UUIDs: anything else is refused here, before it reaches a uuid column's query
      // (where it would fail as a 500), even in a token signed with the right key.
      if (typeof sub !== 'string' || !isUuid(sub) || !isRole(role) || !((typeof org === 'string' && isUuid(org)) || org === null)) {
        throw unauthorized(MESSAGES.notAuthenticated);
      }
      if (typeof iat !== 'number' || typeof exp !== 'number' || !this.lifetimeAllowed(iat, exp, now)) throw unauthorized(MESSAGES.notAuthenticated);
      const claims: AuthClaims = Object.freeze({ userId: sub, role, orgId: org, sessionId: typeof sid === 'string' ? sid : null, issuedAt: iat });
      this.verified.remember(token, { claims, issuedAt: iat, expiresAt: exp, notBefore: nbf });
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized(MESSAGES.tokenExpired, 'TOKEN_EXPIRED');
      throw unauthorized(MESSAGES.notAuthenticated);
    }
  }

  /** jwtVerify's time checks, in its order (not before, then expiry), then the issued-in-the-future one. */
  private stillValid(token: string, known: VerifiedToken, now: number): AuthClaims {
    if (known.notBefore !== undefined && known.notBefore > now) throw unauthorized(MESSAGES.notAuthenticated);
    if (known.expiresAt <= now) {
      this.verified.forget(token);
      throw unauthorized(MESSAGES.tokenExpired, 'TOKEN_EXPIRED');
    }
    if (known.issuedAt > now + CLOCK_SKEW_SECONDS) throw unauthorized(MESSAGES.notAuthenticated);
    return known.claims;
  }

  private lifetimeAllowed(iat: number, exp: number, now: number): boolean {
    return exp - iat <= this.ttlSeconds && iat <= now + CLOCK_SKEW_SECONDS;
  }
}
