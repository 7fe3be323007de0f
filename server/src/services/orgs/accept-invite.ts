import type { DbExecutor } from '../../db/database';
import { users } from '../../db/schema/index';
import { recordAudit } from '../audit/audit.service';
import type { SessionResponse, SessionService } from '../sessions.service';
import type { LinkedInvitation } from './invitation-links.service';
import { markInviteAccepted } from './invites.service';
import { retireOtherInvites } from '../pending-invites';

export interface InvitedAccount {
  email: string;
  name: string;
  passwordHash: string;
}

/**
 * Registration through an invite link (inside the registration transaction, invite row locked):
 * the account joins the inviting organisation with the invited role — no organisation, space or
 * trial is created — the invite is marked accepted (its link used up), the acceptance is audited
 * and the person is signed in.
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
  await markInviteAccepted(tx, invite.id);
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
