import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { InviteRole, OrgInvite } from '../../../../src/features/org-admin/org-admin.types';
import type { DbExecutor } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { orgInvites, organizations, users } from '../../db/schema/index';
import { MESSAGES, conflict, notFound } from '../../errors';
import { emailHasAccount, normaliseEmail } from '../users.service';
import { isUuid } from '../../db/ids';
import { type OrgManager } from './org-manager';

/** How long an invite can be accepted (named so the screen and the docs can say it). */
export const INVITE_TTL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type InviteRow = typeof orgInvites.$inferSelect;

const inviteExpiry = () => new Date(Date.now() + INVITE_TTL_DAYS * DAY_MS);

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
 * Invites an address without an account. A pending invite of this organisation for the same
 * address (expired or not) is refreshed — new role, inviter and expiry — instead of refused.
 */
export async function inviteToOrg(db: DbExecutor, manager: OrgManager, input: { email: string; role: InviteRole }): Promise<OrgInvite> {
  const email = normaliseEmail(input.email);
  if (await emailHasAccount(db, email)) throw conflict(MESSAGES.emailTaken);
  // A refreshed invite counts as sent now: it is listed first and wins over older ones elsewhere.
  const refresh = { role: input.role, invitedBy: manager.userId, createdAt: new Date(), expiresAt: inviteExpiry() };
  const pendingHere = and(
    eq(orgInvites.orgId, manager.orgId),
    sql`lower(${orgInvites.email}) = ${email}`,
    eq(orgInvites.status, 'pending'),
  );
  const [refreshed] = await db.update(orgInvites).set(refresh).where(pendingHere).returning({ id: orgInvites.id });
  if (refreshed) return readInvite(db, refreshed.id);
  try {
    const [created] = await db
      .insert(orgInvites)
      .values({ orgId: manager.orgId, email, ...refresh })
      .returning({ id: orgInvites.id });
    if (!created) throw new Error('invite insert returned no row');
    return readInvite(db, created.id);
  } catch (error) {
    // Another request invited the same address in between: refresh that one.
    if (!isUniqueViolation(error, 'org_invites_pending_email_unique')) throw error;
    const [raced] = await db.update(orgInvites).set(refresh).where(pendingHere).returning({ id: orgInvites.id });
    if (!raced) throw error;
    return readInvite(db, raced.id);
  }
}

/** Pending invites that can still be accepted, newest first. */
export async function listPendingInvites(db: DbExecutor, orgId: string): Promise<OrgInvite[]> {
  const rows = await db
    .select(inviteColumns)
    .from(orgInvites)
    .leftJoin(users, eq(users.id, orgInvites.invitedBy))
    .where(and(eq(orgInvites.orgId, orgId), eq(orgInvites.status, 'pending'), gt(orgInvites.expiresAt, sql`now()`)))
    .orderBy(desc(orgInvites.createdAt));
  return rows.map(toOrgInvite);
}

/** Revokes a pending invite of the manager's organisation; others' invites are reported missing. */
export async function revokeInvite(db: DbExecutor, manager: OrgManager, inviteId: string): Promise<void> {
  if (!isUuid(inviteId)) throw notFound(MESSAGES.inviteNotFound);
  const [row] = await db
    .select({ status: orgInvites.status })
    .from(orgInvites)
    .where(and(eq(orgInvites.id, inviteId), eq(orgInvites.orgId, manager.orgId)))
    .limit(1);
  if (!row) throw notFound(MESSAGES.inviteNotFound);
  if (row.status !== 'pending') throw conflict(MESSAGES.inviteNotPending);
  await db
    .update(orgInvites)
    .set({ status: 'revoked' })
    .where(and(eq(orgInvites.id, inviteId), eq(orgInvites.status, 'pending')));
}

/** Invites of `email` that registering would accept: pending and unexpired, from any organisation. */
const acceptableInvitesOf = (email: string) =>
  and(sql`lower(${orgInvites.email}) = ${normaliseEmail(email)}`, eq(orgInvites.status, 'pending'), gt(orgInvites.expiresAt, sql`now()`));

/** The newest pending, unexpired invite for `email` from any organisation, locked when `lock`. */
export async function findAcceptableInvite(db: DbExecutor, email: string, lock = false): Promise<InviteRow | undefined> {
  const query = db.select().from(orgInvites).where(acceptableInvitesOf(email)).orderBy(desc(orgInvites.createdAt)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export interface InvitationSummary {
  organizationName: string;
  role: InviteRole;
}

/**
 * Which organisation registering with `email` would join, and as what — the same invite
 * `findAcceptableInvite` picks (the newest), so the Register screen and registration agree.
 */
export async function findInvitationFor(db: DbExecutor, email: string): Promise<InvitationSummary | undefined> {
  const [row] = await db
    .select({ organizationName: organizations.name, role: orgInvites.role })
    .from(orgInvites)
    .innerJoin(organizations, eq(organizations.id, orgInvites.orgId))
    .where(acceptableInvitesOf(email))
    .orderBy(desc(orgInvites.createdAt))
    .limit(1);
  return row ? { organizationName: row.organizationName, role: row.role as InviteRole } : undefined;
}

export async function markInviteAccepted(db: DbExecutor, inviteId: string): Promise<void> {
  await db.update(orgInvites).set({ status: 'accepted', acceptedAt: sql`now()` }).where(eq(orgInvites.id, inviteId));
}

/**
 * Once an address has an account (it accepted one invite, or a join request for it was approved),
 * other organisations' pending invites for it can never be accepted: they are revoked so their
 * owners no longer see them as pending.
 */
export async function retireOtherInvites(db: DbExecutor, email: string, acceptedInviteId?: string): Promise<void> {
  const sameAddress = sql`lower(${orgInvites.email}) = ${normaliseEmail(email)}`;
  const others = acceptedInviteId ? and(sameAddress, sql`${orgInvites.id} <> ${acceptedInviteId}`) : sameAddress;
  await db.update(orgInvites).set({ status: 'revoked' }).where(and(eq(orgInvites.status, 'pending'), others));
}
