/**
 * The key that seals providers' client secrets at rest (AES-256-GCM, the same cipher as the GA4
 * tokens). SSO_SECRET_KEY wins; otherwise it is derived with HKDF from the access-token signing
 * key (JWT_SECRET or the generated one in app_secrets), so every process derives the same key.
 * Changing that root makes stored secrets unreadable: sign-in then says the provider cannot be
 * reached until an owner enters the client secret again.
 */
import { hkdfSync } from 'node:crypto';
import type { Db } from '../../db/database';
import type { SsoConfig } from '../../sso/env';
import { TokenCipher } from '../ga4/token-cipher';
import { resolveJwtSecret } from '../jwt-secret';

export async function resolveSsoSecretCipher(db: Db, config: { jwtSecret: string | undefined; sso: SsoConfig }): Promise<TokenCipher> {
  const root = config.sso.secretKey ? new TextEncoder().encode(config.sso.secretKey) : await resolveJwtSecret(db, config.jwtSecret);
  return new TokenCipher(Buffer.from(hkdfSync('sha256', root, 'mosaic-sso', 'client-secret-encryption', 32)));
}
