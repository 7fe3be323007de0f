/**
 * Following an invite link, the invitee's side (GET /register/invitation, POST /register with
 * `invite_token`): the invitation the link stands for, what the Register screen shows for it, and
 * accepting it. The link's secret is invite-secrets.ts; the invites themselves, invites.service.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { InvitationPreview, InviteRole } from '../../../../src/contract/orgs';
import type { DbExecutor } from '../../db/database';
import { orgInvites, organizations, users } from '../../db/schema/index';
import { AppError, MESSAGES } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { retireOtherInvites } from '../pending-invites';
import type { SessionResponse, SessionService } from '../sessions.service';
import { hashInviteSecret } from './invite-secrets';
import { inviteExpired, type InviteRow } from './invites.service';
import { API_ERROR_CODES } from '../../../../src/contract/errors';

export interface LinkedInvitation {
  invite: InviteRow;
  organisationName: string;
}

const invalidLink = () => new AppError(404, MESSAGES.inviteLinkInvalid, API_ERROR_CODES.inviteLinkInvalid);

/**
 * The pending invite whose link carries `secret`, locked when `lock`. Used, revoked and replaced
 * links find nothing: their hash was cleared or overwritten.
 */
async function findByLink(db: DbExecutor, secret: string, lock: boolean): Promise<LinkedInvitation | undefined> {
  const query = db
    .select({ invite: orgInvites, organisationName: organizations.name })
    .from(orgInvites)
    .innerJoin(organizations, eq(organizations.id, orgInvites.orgId))
    .where(and(eq(orgInvites.tokenHash, hashInviteSecret(secret)), eq(orgInvites.status, 'pending')))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: orgInvites }) : await query;
  return row;
}

/**
 * The invitation a link stands for, if it can still be accepted: 404 INVITE_LINK_INVALID for an
 * unknown, used, revoked or replaced link; 410 INVITE_LINK_EXPIRED (naming the organisation to
 * ask again) once the invite has expired.
 */
export async function usableInvitation(db: DbExecutor, secret: string, lock = false): Promise<LinkedInvitation> {
  const found = await findByLink(db, secret, lock);
  if (!found) throw invalidLink();
  if (inviteExpired(found.invite)) {
    throw new AppError(410, MESSAGES.inviteLinkExpired(found.organisationName), API_ERROR_CODES.inviteLinkExpired);
  }
  return found;
}

/** What the Register screen shows for a link: where, as what, for which address, until when. */
export async function previewInvitation(db: DbExecutor, secret: string): Promise<InvitationPreview> {
  const { invite, organisationName } = await usableInvitation(db, secret);
  return {
    organization_name: organisationName,
    role: invite.role as InviteRole,
    email: invite.email,
    expires_at: invite.expiresAt.toISOString(),
  };
}

/** The link proves the invited inbox, so only the invited address can use it. */
export function requireInvitedAddress(invitation: LinkedInvitation, email: string): void {
  if (invitation.invite.email.toLowerCase() === email) return;
  throw new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', [{ field: 'email', message: MESSAGES.inviteForAnotherEmail(invitation.invite.email) }]);
}

export interface InvitedAccount {
  email: string;
  name: string;
  passwordHash: string;
}

/**
 * Registration through an invite link (inside the registration transaction, invite row locked):
 * the account joins the inviting organisation with the invited role — no organisation, space or
 * trial is created — the invite is marked accepted, its link used up (its hash is cleared, so the
 * same link never works twice), the acceptance is audited and the person is signed in.
 */
export async function acceptInvite(
  tx: DbExecutor,
  sessions: SessionService,
  { invite }: LinkedInvitation,
  account: InvitedAccount,
  ipAddress: string | null,
): Promise<SessionResponse> {
  const [user] = await tx
    .insert(users)
    .values({ email: account.email, name: account.name, passwordHash: account.passwordHash, role: invite.role, orgId: invite.orgId })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  await tx.update(orgInvites).set({ status: 'accepted', acceptedAt: sql`now()`, tokenHash: null }).where(eq(orgInvites.id, invite.id));
  await retireOtherInvites(tx, account.email, invite.id);
  await recordAudit(tx, {
    action: 'invites.accepted',
    actor: { userId: user.id, email: user.email, role: user.role },
    orgId: invite.orgId,
    target: { type: 'invite', id: invite.id },
    ipAddress,
    details: { role: invite.role, invited_by: invite.invitedBy },
  });
  return sessions.startSession(user, tx);
}
