import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appSecrets } from '../db/schema/index';
import { SignedTokens, type TokenPayload } from './signed-token';

/** What a signed local upload URL allows: one object, one space, one content type, once, until expiry. */
export interface UploadGrant {
  /** Random per URL: a completed PUT records it (consumed-upload-tokens.ts), so the URL works once. */
  nonce: string;
  spaceId: string;
  objectPath: string;
  contentType: string;
  maxBytes: number;
  /** Epoch seconds. */
  expiresAt: number;
}

export type UploadTokenCheck = { ok: true; grant: UploadGrant } | { ok: false; reason: 'invalid' | 'expired' };

interface UploadPayload extends TokenPayload {
  v: 2;
  n: string;
  s: string;
  p: string;
  t: string;
  m: number;
}

/**
 * HMAC-SHA256 tokens for the local-disk upload target. The token carries its grant in clear
 * (base64url JSON) and a MAC over it, so any process sharing the key can check it; whether it
 * was used already is the one thing kept in the database. The token travels only in the `token`
 * query parameter, which request logs redact.
 */
export class UploadTokens {
  private readonly tokens: SignedTokens<UploadPayload>;

  constructor(key: Buffer) {
    // Version 1 tokens had no nonce (reusable): no longer accepted.
    this.tokens = new SignedTokens<UploadPayload>(key, '', (payload) => payload.v === 2 && typeof payload.n === 'string' && payload.n !== '');
  }

  sign(grant: UploadGrant): string {
    return this.tokens.sign({ v: 2, n: grant.nonce, s: grant.spaceId, p: grant.objectPath, t: grant.contentType, m: grant.maxBytes, e: grant.expiresAt });
  }

  verify(token: string, nowSeconds?: number): UploadTokenCheck {
    const check = this.tokens.verify(token, nowSeconds);
    if (!check.ok) return check;
    const { n, s, p, t, m, e } = check.payload;
    return { ok: true, grant: { nonce: n, spaceId: s, objectPath: p, contentType: t, maxBytes: m, expiresAt: e } };
  }
}

/** A fresh nonce for one upload URL (128 random bits). */
export function newUploadNonce(): string {
  return randomBytes(16).toString('base64url');
}

const UPLOAD_SECRET_NAME = 'upload_url_secret';

/**
 * The signing key: UPLOAD_SIGNING_SECRET when set, otherwise one key generated on first start
 * and kept in app_secrets, so every process and restart accepts the URLs the others signed.
 */
export async function resolveUploadSigningKey(db: Db, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db.insert(appSecrets).values({ name: UPLOAD_SECRET_NAME, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, UPLOAD_SECRET_NAME));
  if (!row) throw new Error('upload signing key could not be stored');
  return Buffer.from(row.value, 'utf8');
}
