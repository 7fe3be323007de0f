import { and, eq } from 'drizzle-orm';
import type { InvitationPreview, InviteRole } from '../../../../src/contract/orgs';
import type { DbExecutor } from '../../db/database';
import { orgInvites, organizations } from '../../db/schema/index';
import { AppError, MESSAGES } from '../../errors';
import { hashInviteSecret } from './invite-links';
import type { InviteRow } from './invites.service';
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
  if (found.invite.expiresAt.getTime() <= Date.now()) {
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
