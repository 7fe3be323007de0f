import { webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Role } from '../../../src/features/auth/auth.types';
import { MESSAGES, unauthorized } from '../errors';
import { ROLES } from '../db/schema/enums';

/** What a verified access token says about its bearer. */
export interface AuthClaims {
  userId: string;
  role: Role;
  orgId: string | null;
}

const ALGORITHM = 'HS256';
const ISSUER = 'mosaic';
const AUDIENCE = 'mosaic-api';

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/** Signs and checks short-lived HS256 access tokens with claims sub, role, org and exp. */
export class AccessTokens {
  /**
   * The secret as a WebCrypto key, imported once. Given the raw bytes, jose imports them again on
   * every call, a quarter of the cost of checking a token, paid on every authenticated request
   * (docs/reliability.md, "Read path").
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: AuthClaims): Promise<string> {
    return new SignJWT({ role: claims.role, org: claims.orgId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /** Throws a 401 AppError: 'Token expired' for an expired token, 'Not authenticated' otherwise. */
  async verify(token: string): Promise<AuthClaims> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp'],
      });
      const { sub, role, org } = payload;
      if (typeof sub !== 'string' || !isRole(role) || !(typeof org === 'string' || org === null)) {
        throw unauthorized(MESSAGES.notAuthenticated);
      }
      return { userId: sub, role, orgId: org };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized(MESSAGES.tokenExpired, 'TOKEN_EXPIRED');
      throw unauthorized(MESSAGES.notAuthenticated);
    }
  }
}
