import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed token carries: its fields in clear, with its expiry (epoch seconds) as `e`. */
export interface TokenPayload {
  e: number;
}

export type SignedTokenCheck<Payload> = { ok: true; payload: Payload } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * HMAC-SHA256 tokens whose payload travels in clear (base64url JSON) beside a MAC over it, so any
 * process sharing the key can check one without a look-up (the local upload and download URLs,
 * upload-tokens.ts and download-tokens.ts). `domain` is put before the body under the MAC, so a
 * token of one kind is never accepted as another's; `isPayload` refuses a payload of another
 * version or shape.
 */
export class SignedTokens<Payload extends TokenPayload> {
  constructor(
    private readonly key: Buffer,
    private readonly domain: string,
    private readonly isPayload: (value: Partial<Payload>) => boolean,
  ) {}

  sign(payload: Payload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): SignedTokenCheck<Payload> {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    let payload: Partial<Payload>;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Payload>;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (typeof payload !== 'object' || payload === null || !this.isPayload(payload)) return { ok: false, reason: 'invalid' };
    if (typeof payload.e !== 'number' || payload.e <= nowSeconds) return { ok: false, reason: 'expired' };
    return { ok: true, payload: payload as Payload };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(`${this.domain}${body}`).digest('base64url');
  }
}
