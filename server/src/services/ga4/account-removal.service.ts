/**
 * Removing a connected account: its grant is revoked at Google first, so Mosaic keeps no access the
 * user believes gone, then the account and its linked properties (every space) are deleted. A
 * revocation that fails never blocks the removal: it is logged and the answer says how to finish it.
 */
import { count, eq } from 'drizzle-orm';
import { ga4Accounts, ga4LinkedProperties } from '../../db/schema/index';
import { GA4_MESSAGES } from '../../errors';
import type { Ga4AccountRow } from './accounts.service';
import { findOwnAccount } from './accounts.service';
import type { Ga4Caller, Ga4Context } from './ga4-context';

export const GOOGLE_PERMISSIONS_URL = 'https://myaccount.google.com/permissions';

/** Appended to the removal message when Google could not be told. */
export const GRANT_NOT_REVOKED_NOTE = `. Its access could not be revoked at Google; you can remove Mosaic at ${GOOGLE_PERMISSIONS_URL}`;

/** Where a failed revocation is recorded (the request's logger). */
export interface RevocationLog {
  warn(details: object, message: string): void;
}

/** True when the account holds no live grant at Google any more (revoked now, or already gone). */
export async function revokeAccountGrant(ctx: Ga4Context, account: Ga4AccountRow, log: RevocationLog): Promise<boolean> {
  if (account.provider === 'demo') return true;
  const readable = (sealed: string | null) => (sealed === null ? undefined : ctx.cipher.decrypt(sealed));
  // The refresh token is the grant itself; an access token only stands in when no refresh token is readable.
  const refreshToken = readable(account.refreshTokenEncrypted);
  const token = refreshToken ?? readable(account.accessTokenEncrypted);
  const details = { ga4AccountId: account.id };
  if (token === undefined) {
    log.warn(details, 'GA4 account removed without revoking at Google: no readable token is stored');
    return false;
  }
  const provider = ctx.providers.of(account.provider);
  if (!provider) {
    log.warn(details, 'GA4 account removed without revoking at Google: no Google OAuth client is configured');
    return false;
  }
  try {
    const outcome = await provider.revoke(token);
    // Google not knowing a refresh token means the grant is already gone; an unknown access token may only have expired.
    if (outcome === 'revoked' || refreshToken !== undefined) return true;
    log.warn(details, 'GA4 grant not revoked at Google: the stored access token had expired and no refresh token is readable');
    return false;
  } catch (error) {
    // The message names Google's status or the network failure, never the token.
    log.warn({ ...details, reason: error instanceof Error ? error.message : String(error) }, 'GA4 grant could not be revoked at Google');
    return false;
  }
}

/** Removes the caller's account; its linked properties go with it in every space (FK cascade). */
export async function removeAccount(ctx: Ga4Context, caller: Ga4Caller, accountId: string, log: RevocationLog): Promise<{ message: string }> {
  const account = await findOwnAccount(ctx.db, caller, accountId);
  // Outside the transaction: a call to Google must not hold database locks while it waits.
  const revoked = await revokeAccountGrant(ctx, account, log);
  const unlinked = await ctx.db.transaction(async (tx) => {
    const stillThere = await findOwnAccount(tx, caller, accountId);
    const [links] = await tx.select({ value: count() }).from(ga4LinkedProperties).where(eq(ga4LinkedProperties.accountId, stillThere.id));
    await tx.delete(ga4Accounts).where(eq(ga4Accounts.id, stillThere.id));
    return links?.value ?? 0;
  });
  const removed = GA4_MESSAGES.accountRemoved(unlinked);
  return { message: revoked ? removed : `${removed}${GRANT_NOT_REVOKED_NOTE}` };
}
