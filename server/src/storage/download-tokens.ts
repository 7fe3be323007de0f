import { SignedTokens, type TokenPayload } from './signed-token';

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

interface DownloadPayload extends TokenPayload {
  v: 1;
  p: string;
  f: string;
  t: string;
  d: 'attachment' | 'inline';
}

/**
 * HMAC-SHA256 tokens for local-disk downloads, with the upload URLs' key but a domain of their own
 * (the MAC covers a 'download.' prefix), so no upload token is ever a download token or the other
 * way round. A download URL may be used any number of times until it expires (minutes): the
 * browser's download manager and a PDF viewer's range requests fetch it more than once. It
 * travels only in the `token` query parameter, which request logs redact.
 */
export class DownloadTokens {
  private readonly tokens: SignedTokens<DownloadPayload>;

  constructor(key: Buffer) {
    this.tokens = new SignedTokens<DownloadPayload>(key, 'download.', (payload) => payload.v === 1 && typeof payload.p === 'string');
  }

  sign(grant: DownloadGrant): string {
    return this.tokens.sign({ v: 1, p: grant.objectPath, f: grant.filename, t: grant.contentType, d: grant.disposition, e: grant.expiresAt });
  }

  verify(token: string, nowSeconds?: number): DownloadTokenCheck {
    const check = this.tokens.verify(token, nowSeconds);
    if (!check.ok) return check;
    const { p, f, t, d, e } = check.payload;
    return { ok: true, grant: { objectPath: p, filename: f, contentType: t, disposition: d, expiresAt: e } };
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
