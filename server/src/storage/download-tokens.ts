import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed local download URL allows: reading one object, under one file name, until expiry. */
export interface DownloadGrant {
  objectPath: string;
  filename: string;
  contentType: string;
  disposition: 'attachment' | 'inline';
  /** Epoch seconds. */
  expiresAt: number;
}

export type DownloadTokenCheck = { ok: true; grant: DownloadGrant } | { ok: false; reason: 'invalid' | 'expired' };

interface TokenPayload {
  v: 1;
  p: string;
  f: string;
  t: string;
  d: 'attachment' | 'inline';
  e: number;
}

/**
 * HMAC-SHA256 tokens for local-disk downloads, with the upload URLs' key but a domain of their own
 * (the MAC covers a 'download.' prefix), so no upload token is ever a download token or the other
 * way round. A download URL may be used any number of times until it expires (minutes): the
 * browser's download manager and a PDF viewer's range requests fetch it more than once. It
 * travels only in the `token` query parameter, which request logs redact.
 */
export class DownloadTokens {
  constructor(private readonly key: Buffer) {}

  sign(grant: DownloadGrant): string {
    const payload: TokenPayload = { v: 1, p: grant.objectPath, f: grant.filename, t: grant.contentType, d: grant.disposition, e: grant.expiresAt };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): DownloadTokenCheck {
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
    if (payload.v !== 1 || typeof payload.p !== 'string') return { ok: false, reason: 'invalid' };
    if (payload.e <= nowSeconds) return { ok: false, reason: 'expired' };
    return { ok: true, grant: { objectPath: payload.p, filename: payload.f, contentType: payload.t, disposition: payload.d, expiresAt: payload.e } };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(`download.${body}`).digest('base64url');
  }
}

/**
 * `Content-Disposition` with the real file name: an ASCII fallback for old clients and the exact
 * name in RFC 5987 form (accents, emoji and spaces survive).
 */
export function contentDisposition(disposition: 'attachment' | 'inline', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
