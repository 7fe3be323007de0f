/**
 * Refreshing a Google access token once, however many requests find it expired at the same time.
 * The dashboard asks for three reports at once, and an agent run may ask too: without this each
 * would refresh, and where Google rotates refresh tokens (each one works once) all but the first
 * would fail with invalid_grant and flag the account as needing a reconnect.
 *
 * - In one app, concurrent refreshes of an account share one promise (ctx.refreshesInFlight).
 * - Every app on the database takes the account's lock (Database.withLock): across processes on
 *   PostgreSQL a transaction-scoped advisory lock, on PGlite an in-process queue per account.
 * - Whoever gets its turn re-reads the account first: if someone else stored a new access token
 *   meanwhile, that token is used and Google is not asked again. The refresh always uses the
 *   latest stored refresh token, so a rotated one is never replayed.
 */
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { ga4Accounts } from '../../db/schema/index';
import { ProviderError, type AnalyticsProvider } from '../../ga4/types';
import type { Ga4AccountRow } from './accounts.service';
import type { Ga4Context } from './ga4-context';

/** Refresh a minute early: a token that expires on the way to Google is a wasted round trip. */
const EXPIRY_MARGIN_MS = 60_000;

/** Stored token, or undefined when it cannot be read (missing, or the key changed). */
export function readToken(ctx: Ga4Context, sealed: string | null): string | undefined {
  return sealed === null ? undefined : ctx.cipher.decrypt(sealed);
}

export function isExpired(account: Ga4AccountRow): boolean {
  return account.tokenExpiresAt !== null && account.tokenExpiresAt.getTime() - EXPIRY_MARGIN_MS <= Date.now();
}

/**
 * A new access token for `seen` (the account as the caller read it, whose access token is expired
 * or was rejected). Resolves to the token someone else stored meanwhile when there is one.
 */
export function refreshAccessToken(ctx: Ga4Context, seen: Ga4AccountRow, provider: AnalyticsProvider): Promise<string | null> {
  const refreshes = ctx.refreshesInFlight;
  let shared = refreshes.get(seen.id);
  if (!shared) {
    shared = ctx.withLock(`ga4-token-refresh:${seen.id}`, (db) => refreshUnlessDone(ctx, db, seen, provider)).finally(() => refreshes.delete(seen.id));
    refreshes.set(seen.id, shared);
  }
  return shared;
}

async function refreshUnlessDone(ctx: Ga4Context, db: DbExecutor, seen: Ga4AccountRow, provider: AnalyticsProvider): Promise<string | null> {
  const [current] = await db.select().from(ga4Accounts).where(eq(ga4Accounts.id, seen.id));
  const latest = current ?? seen;
  if (latest.accessTokenEncrypted !== seen.accessTokenEncrypted && !isExpired(latest)) {
    const stored = readToken(ctx, latest.accessTokenEncrypted);
    if (stored !== undefined) return stored;
  }
  const refreshToken = readToken(ctx, latest.refreshTokenEncrypted);
  if (refreshToken === undefined) throw new ProviderError('REFRESH_TOKEN_EXPIRED', 'No readable refresh token is stored');
  const tokens = await provider.refresh(refreshToken);
  await db
    .update(ga4Accounts)
    .set({
      accessTokenEncrypted: ctx.cipher.encryptOptional(tokens.accessToken),
      // Google rotates refresh tokens only sometimes; keep the old one otherwise.
      ...(tokens.refreshToken && tokens.refreshToken !== refreshToken ? { refreshTokenEncrypted: ctx.cipher.encrypt(tokens.refreshToken) } : {}),
      tokenExpiresAt: tokens.expiresAt,
      ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
      updatedAt: new Date(),
    })
    .where(eq(ga4Accounts.id, seen.id));
  return tokens.accessToken;
}
