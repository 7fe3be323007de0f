/** Connected GA4 accounts: stored per user within an organisation, tokens encrypted (docs/analytics.md). */
import { isUuid } from '../../db/ids';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { GA4_ACCOUNTS_PER_PERSON_MAX, type Ga4Account, type Ga4ErrorCode } from '../../../../src/contract/ga4';
import { ga4Accounts, ga4LinkedProperties, spaces } from '../../db/schema/index';
import { GA4_MESSAGES, notFound } from '../../errors';
import { GA4_READONLY_SCOPE } from '../../ga4/google/oauth';
import type { AnalyticsProviderName, ConnectedAccount } from '../../ga4/types';
import type { Ga4Caller, Ga4Context } from './ga4-context';
import type { Db, DbExecutor } from '../../db/database';

/** Ids are uuids; anything else cannot exist (and must not reach a uuid column). */

export type Ga4AccountRow = typeof ga4Accounts.$inferSelect;

export function toWireAccount(row: Ga4AccountRow): Ga4Account {
  return {
    id: row.id,
    email: row.email,
    google_user_id: row.googleUserId,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    is_demo: row.provider === 'demo',
    auth_error: (row.authError as Ga4ErrorCode | null) ?? null,
  };
}

export async function listAccountRows(db: Db, caller: Ga4Caller): Promise<Ga4AccountRow[]> {
  return db
    .select()
    .from(ga4Accounts)
    .where(and(eq(ga4Accounts.userId, caller.userId), eq(ga4Accounts.orgId, caller.orgId)))
    .orderBy(asc(ga4Accounts.createdAt), asc(ga4Accounts.id))
    .limit(GA4_ACCOUNTS_PER_PERSON_MAX);
}

/**
 * Whether connecting `googleUserId` would take the caller past GA4_ACCOUNTS_PER_PERSON_MAX: a
 * Google user already connected (a reconnect) never does.
 */
export async function atAccountLimit(db: DbExecutor, caller: Ga4Caller, googleUserId: string): Promise<boolean> {
  const rows = await db
    .select({ googleUserId: ga4Accounts.googleUserId })
    .from(ga4Accounts)
    .where(and(eq(ga4Accounts.userId, caller.userId), eq(ga4Accounts.orgId, caller.orgId)));
  return rows.length >= GA4_ACCOUNTS_PER_PERSON_MAX && !rows.some((row) => row.googleUserId === googleUserId);
}

/** The caller's accounts, each with where its properties are linked (spaces not deleted), by space name. */
export async function listAccounts(db: Db, caller: Ga4Caller): Promise<Ga4Account[]> {
  const rows = await listAccountRows(db, caller);
  if (rows.length === 0) return [];
  const links = await db
    .select({ accountId: ga4LinkedProperties.accountId, spaceId: spaces.id, spaceName: spaces.name, propertyName: ga4LinkedProperties.ga4PropertyDisplayName })
    .from(ga4LinkedProperties)
    .innerJoin(spaces, eq(spaces.id, ga4LinkedProperties.spaceId))
    .where(and(inArray(ga4LinkedProperties.accountId, rows.map((row) => row.id)), isNull(spaces.deletedAt)))
    .orderBy(asc(spaces.name), asc(ga4LinkedProperties.ga4PropertyDisplayName));
  return rows.map((row) => ({
    ...toWireAccount(row),
    linked_in: links.filter((link) => link.accountId === row.id).map((link) => ({ space_id: link.spaceId, space_name: link.spaceName, property_name: link.propertyName })),
  }));
}

/** The caller's own account; someone else's (or a malformed id) is 404, revealing nothing. */
export async function findOwnAccount(db: DbExecutor, caller: Ga4Caller, accountId: string): Promise<Ga4AccountRow> {
  if (!isUuid(accountId)) throw notFound(GA4_MESSAGES.accountNotFound);
  const [row] = await db
    .select()
    .from(ga4Accounts)
    .where(and(eq(ga4Accounts.id, accountId), eq(ga4Accounts.userId, caller.userId), eq(ga4Accounts.orgId, caller.orgId)));
  if (!row) throw notFound(GA4_MESSAGES.accountNotFound);
  return row;
}

/**
 * Stores a freshly authorised account, or updates the one this user already connected for the
 * same Google user (a reconnect replaces its tokens and clears its error). A Google consent that
 * left out the Analytics scope is kept, flagged GA4_INSUFFICIENT_SCOPE, so the page can say why.
 */
export async function saveConnectedAccount(
  ctx: Ga4Context,
  caller: Ga4Caller,
  provider: AnalyticsProviderName,
  connected: ConnectedAccount,
): Promise<Ga4AccountRow> {
  const authError: Ga4ErrorCode | null = connected.scopes.split(' ').includes(GA4_READONLY_SCOPE) ? null : 'GA4_INSUFFICIENT_SCOPE';
  const tokens = {
    accessTokenEncrypted: ctx.cipher.encryptOptional(connected.accessToken),
    tokenExpiresAt: connected.expiresAt,
    scopes: connected.scopes,
    email: connected.identity.email,
    authError,
    provider,
    orgId: caller.orgId,
    updatedAt: new Date(),
  };
  const refresh = ctx.cipher.encryptOptional(connected.refreshToken);
  const [row] = await ctx.db
    .insert(ga4Accounts)
    .values({ ...tokens, userId: caller.userId, googleUserId: connected.identity.userId, refreshTokenEncrypted: refresh })
    .onConflictDoUpdate({
      target: [ga4Accounts.userId, ga4Accounts.googleUserId],
      // Google may omit the refresh token on a reconnect; keep the one stored then.
      set: refresh === null ? tokens : { ...tokens, refreshTokenEncrypted: refresh },
    })
    .returning();
  if (!row) throw new Error('GA4 account could not be stored');
  return row;
}

export async function setAuthError(db: Db, accountId: string, code: Ga4ErrorCode | null): Promise<void> {
  await db.update(ga4Accounts).set({ authError: code, updatedAt: new Date() }).where(eq(ga4Accounts.id, accountId));
}
