/**
 * Access tokens whose signature and fixed claims this process has already checked, kept until
 * they expire. A client sends the same token with every request for its whole life (15 minutes
 * by default), and checking its HMAC signature again through WebCrypto was a fifth of the
 * process's time on the read path (docs/reliability.md, "Read path"). What depends only on the
 * token's bytes and the key — the signature, issuer, audience, the claims' shapes, the lifetime
 * — gives the same answer every time, so it is remembered; what depends on the time (expiry,
 * not-before, issued in the future) is checked again on every use by the caller.
 *
 * Nothing about the account is remembered: the caller's row is still read on every request
 * (plugins/auth.ts), so a suspension, a removal, a role change or a revoked session counts at the
 * next request exactly as before. Only tokens that passed every check are kept, keyed by their
 * whole text: a token altered in any byte is another key and is checked in full.
 */
import type { AuthClaims } from './auth-claims';

export interface VerifiedToken {
  readonly claims: Readonly<AuthClaims>;
  /** Epoch seconds, as signed. */
  readonly issuedAt: number;
  readonly expiresAt: number;
  readonly notBefore: number | undefined;
}

/**
 * At most this many tokens (a few hundred bytes each): more people signed in to one process at
 * once than this only means the oldest are checked in full again.
 */
export const VERIFIED_TOKENS_KEPT = 10_000;

export class VerifiedTokens {
  private readonly tokens = new Map<string, VerifiedToken>();

  constructor(private readonly capacity = VERIFIED_TOKENS_KEPT) {}

  get(token: string): VerifiedToken | undefined {
    return this.tokens.get(token);
  }

  remember(token: string, verified: VerifiedToken): void {
    if (this.tokens.size >= this.capacity) {
      // The oldest entry first (a Map keeps insertion order): it is the nearest to its expiry.
      const oldest = this.tokens.keys().next().value;
      if (oldest !== undefined) this.tokens.delete(oldest);
    }
    this.tokens.set(token, verified);
  }

  forget(token: string): void {
    this.tokens.delete(token);
  }

  get size(): number {
    return this.tokens.size;
  }
}
