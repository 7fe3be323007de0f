import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appSecrets } from '../db/schema/index';

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

interface TokenPayload {
  v: 2;
  n: string;
  s: string;
  p: string;
  t: string;
  m: number;
  e: number;
}

/**
 * HMAC-SHA256 tokens for the local-disk upload target. The token carries its grant in clear
 * (base64url JSON) and a MAC over it, so any process sharing the key can check it; whether it
 * was used already is the one thing kept in the database. The token travels only in the `token`
 * query parameter, which request logs redact.
 */
export class UploadTokens {
  constructor(private readonly key: Buffer) {}

  sign(grant: UploadGrant): string {
    const payload: TokenPayload = { v: 2, n: grant.nonce, s: grant.spaceId, p: grant.objectPath, t: grant.contentType, m: grant.maxBytes, e: grant.expiresAt };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): UploadTokenCheck {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    let payload: TokenPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    // Version 1 tokens had no nonce (reusable): no longer accepted.
    if (payload.v !== 2 || typeof payload.n !== 'string' || !payload.n) return { ok: false, reason: 'invalid' };
    if (payload.e <= nowSeconds) return { ok: false, reason: 'expired' };
    return { ok: true, grant: { nonce: payload.n, spaceId: payload.s, objectPath: payload.p, contentType: payload.t, maxBytes: payload.m, expiresAt: payload.e } };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
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
