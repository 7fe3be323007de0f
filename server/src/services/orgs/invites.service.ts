/**
 * An organisation's invites as its owners and admins manage them (GET, POST, DELETE /orgs/invites,
 * POST /orgs/invites/{id}/link): issuing or refreshing one, listing the pending ones, revoking one
 * and giving one a new link. Emailing a new invite is send-invite.ts; following a link is
 * invitation-links.service.ts.
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import {
  INVITE_TTL_DAYS,
  ORG_PENDING_INVITES_MAX,
  PENDING_INVITES_LIMIT_CODE,
  PENDING_INVITES_LIMIT_TEXT,
  type InviteRole,
  type OrgInvite,
  type ReissuedInviteLink,
} from '../../../../src/contract/orgs';
import type { Db, DbExecutor } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit, recordOrganisationAudit } from '../audit/audit.service';
import { isUuid } from '../../db/ids';
import { orgInvites, users } from '../../db/schema/index';
import { AppError, MESSAGES, conflict, notFound } from '../../errors';
import { emailHasAccount, normaliseEmail } from '../users.service';
import { inviteLinkFor, newInviteSecret } from './invite-secrets';
import { type OrgManager } from './org-manager';

/** Re-exported for the server's callers; the number itself is shared with the screens. */
export { INVITE_TTL_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

export type InviteRow = typeof orgInvites.$inferSelect;

const inviteExpiry = () => new Date(Date.now() + INVITE_TTL_DAYS * DAY_MS);

/** Past its expiry, an invite can no longer be accepted nor given a new link. */
export const inviteExpired = (invite: Pick<InviteRow, 'expiresAt'>): boolean => invite.expiresAt.getTime() <= Date.now();

const inviteColumns = {
  id: orgInvites.id,
  email: orgInvites.email,
  role: orgInvites.role,
  status: orgInvites.status,
  invitedBy: users.name,
  createdAt: orgInvites.createdAt,
  expiresAt: orgInvites.expiresAt,
};

type InviteWithInviter = Pick<InviteRow, 'id' | 'email' | 'role' | 'status' | 'createdAt' | 'expiresAt'> & { invitedBy: string | null };

function toOrgInvite(row: InviteWithInviter): OrgInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role as InviteRole,
    status: row.status,
    invited_by: row.invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

async function readInvite(db: DbExecutor, id: string): Promise<OrgInvite> {
  const [row] = await db
    .select(inviteColumns)
    .from(orgInvites)
    .leftJoin(users, eq(users.id, orgInvites.invitedBy))
    .where(eq(orgInvites.id, id))
    .limit(1);
  if (!row) throw notFound(MESSAGES.inviteNotFound);
  return toOrgInvite(row);
}

/**
 * An invite of the manager's organisation, locked when `lock`; malformed and unknown ids and other
 * organisations' invites are all 'Invite not found'.
 */
async function inviteOfOrg(db: DbExecutor, manager: OrgManager, inviteId: string, lock = false): Promise<InviteRow> {
  if (!isUuid(inviteId)) throw notFound(MESSAGES.inviteNotFound);
  const query = db
    .select()
    .from(orgInvites)
    .where(and(eq(orgInvites.id, inviteId), eq(orgInvites.orgId, manager.orgId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(MESSAGES.inviteNotFound);
  return row;
}

export interface IssuedInvite {
  invite: OrgInvite;
  /** The link's secret; only its hash is stored, so this is the one moment it is known. */
  secret: string;
  /** True when a pending invite of the same address was renewed rather than a new one made. */
  refreshed: boolean;
  /**
   * The address already has an account (anywhere, a platform admin's too). For the mail only:
   * the inviter's answer, list and audit entry are the same either way, so inviting cannot be
   * used to find out which addresses have accounts.
   */
  addressHasAccount: boolean;
}

/**
 * Invites an address and issues a new link secret. A pending invite of this organisation for the
 * same address (expired or not) is refreshed — new role, inviter, expiry and secret, so an earlier
 * link stops working — instead of refused. An address that has an account is invited all the same
 * (its invite is listed as pending until it expires or is revoked; its link could only make a
 * second account, which registration refuses): see IssuedInvite.addressHasAccount.
 */
export async function inviteToOrg(db: DbExecutor, manager: OrgManager, input: { email: string; role: InviteRole }): Promise<IssuedInvite> {
  const email = normaliseEmail(input.email);
  const addressHasAccount = await emailHasAccount(db, email);
  const { secret, hash } = newInviteSecret();
  // A refreshed invite counts as sent now: it is listed first.
  const refresh = { role: input.role, invitedBy: manager.userId, createdAt: new Date(), expiresAt: inviteExpiry(), tokenHash: hash };
  const pendingHere = and(
    eq(orgInvites.orgId, manager.orgId),
    sql`lower(${orgInvites.email}) = ${email}`,
    eq(orgInvites.status, 'pending'),
  );
  const issued = async (id: string, refreshed: boolean) => ({ invite: await readInvite(db, id), secret, refreshed, addressHasAccount });
  const [refreshed] = await db.update(orgInvites).set(refresh).where(pendingHere).returning({ id: orgInvites.id });
  if (refreshed) return issued(refreshed.id, true);
  await refuseOverPendingLimit(db, manager.orgId);
  try {
    const [created] = await db
      .insert(orgInvites)
      .values({ orgId: manager.orgId, email, ...refresh })
      .returning({ id: orgInvites.id });
    if (!created) throw new Error('invite insert returned no row');
    return issued(created.id, false);
  } catch (error) {
    // Another request invited the same address in between: refresh that one.
    if (!isUniqueViolation(error, 'org_invites_pending_email_unique')) throw error;
    const [raced] = await db.update(orgInvites).set(refresh).where(pendingHere).returning({ id: orgInvites.id });
    if (!raced) throw error;
    return issued(raced.id, true);
  }
}

/** Pending invites that can still be accepted: the ones GET /orgs/invites lists. */
const stillPending = (orgId: string) => and(eq(orgInvites.orgId, orgId), eq(orgInvites.status, 'pending'), gt(orgInvites.expiresAt, sql`now()`));

/**
 * A new invite past ORG_PENDING_INVITES_MAX is refused. The organisation's row is locked first
 * (inside sendInvite's transaction), so two invites at once cannot both take the last place.
 */
async function refuseOverPendingLimit(db: DbExecutor, orgId: string): Promise<void> {
  await db.execute(sql`SELECT id FROM organizations WHERE id = ${orgId} FOR UPDATE`);
  const [pending] = await db.select({ value: count() }).from(orgInvites).where(stillPending(orgId));
  if ((pending?.value ?? 0) >= ORG_PENDING_INVITES_MAX) throw new AppError(409, PENDING_INVITES_LIMIT_TEXT, PENDING_INVITES_LIMIT_CODE);
}

/** Pending invites that can still be accepted, newest first; never more than the cap allows. */
export async function listPendingInvites(db: DbExecutor, orgId: string): Promise<OrgInvite[]> {
  const rows = await db
    .select(inviteColumns)
    .from(orgInvites)
    .leftJoin(users, eq(users.id, orgInvites.invitedBy))
    .where(stillPending(orgId))
    .orderBy(desc(orgInvites.createdAt), desc(orgInvites.id))
    .limit(ORG_PENDING_INVITES_MAX);
  return rows.map(toOrgInvite);
}

/** Revokes a pending invite of the manager's organisation (its link stops working); others' are reported missing. */
export async function revokeInvite(db: DbExecutor, manager: OrgManager, inviteId: string, ipAddress: string | null = null): Promise<void> {
  const row = await inviteOfOrg(db, manager, inviteId);
  if (row.status !== 'pending') throw conflict(MESSAGES.inviteNotPending);
  const revoked = await db
    .update(orgInvites)
    .set({ status: 'revoked', tokenHash: null })
    .where(and(eq(orgInvites.id, inviteId), eq(orgInvites.status, 'pending')))
    .returning({ id: orgInvites.id });
  // Only the request that withdrew it records it (two at once: one did).
  if (revoked.length === 0) return;
  await recordAudit(db, {
    action: 'invites.revoked',
    actor: { userId: manager.userId },
    orgId: manager.orgId,
    target: { type: 'invite', id: inviteId },
    ipAddress,
    details: { email: row.email, role: row.role },
  });
}

/**
 * A new link for a pending invite ("Copy invite link" in the invite list). Only the hash of the
 * earlier secret is stored, so that link cannot be shown again: a new secret replaces it (the
 * earlier link stops working), the expiry stays as it was, and nothing is emailed.
 */
export async function reissueInviteLink(
  db: Db,
  manager: OrgManager & { email: string },
  inviteId: string,
  context: { appUrl: string; ipAddress: string | null },
): Promise<ReissuedInviteLink> {
  return db.transaction(async (tx) => {
    const row = await inviteOfOrg(tx, manager, inviteId, true);
    if (row.status !== 'pending' || inviteExpired(row)) throw conflict(MESSAGES.inviteLinkNotPending);
    const { secret, hash } = newInviteSecret();
    await tx.update(orgInvites).set({ tokenHash: hash }).where(eq(orgInvites.id, row.id));
    await recordOrganisationAudit(tx, manager, {
      action: 'invites.link_reissued',
      target: { type: 'invite', id: row.id },
      ipAddress: context.ipAddress,
      details: { email: row.email },
    });
    return { invite_link: inviteLinkFor(context.appUrl, secret), expires_at: row.expiresAt.toISOString() };
  });
}
