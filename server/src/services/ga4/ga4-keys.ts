/**
 * Keys of the GA4 integration, each derived with HKDF so one secret never serves two purposes:
 * AES-256-GCM for the Google tokens at rest, HS256 for the OAuth state.
 */
import { hkdfSync } from 'node:crypto';
import type { Ga4Config } from '../../ga4/env';
import type { Db } from '../../db/database';
import { resolveJwtSecret } from '../jwt-secret';

export interface Ga4Keys {
  tokenKey: Buffer;
  stateKey: Uint8Array;
}

const derive = (secret: Uint8Array, purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'mosaic-ga4', purpose, 32));

/**
 * GA4_TOKEN_KEY wins for the token key; otherwise the access-token signing key (JWT_SECRET or
 * the generated one in app_secrets) is the root, so every process derives the same keys.
 * Changing that root makes stored Google tokens unreadable: the accounts then ask to reconnect.
 */
export async function resolveGa4Keys(db: Db, config: { jwtSecret: string | undefined; ga4: Ga4Config }): Promise<Ga4Keys> {
  const root = await resolveJwtSecret(db, config.jwtSecret);
  const tokenRoot = config.ga4.tokenKey ? new TextEncoder().encode(config.ga4.tokenKey) : root;
  return { tokenKey: derive(tokenRoot, 'token-encryption'), stateKey: derive(root, 'oauth-state') };
}
