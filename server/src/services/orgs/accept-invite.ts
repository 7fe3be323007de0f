import type { DbExecutor } from '../../db/database';
import { users } from '../../db/schema/index';
import type { SessionResponse, SessionService } from '../sessions.service';
import { markInviteAccepted, retireOtherInvites, type InviteRow } from './invites.service';

export interface InvitedAccount {
  email: string;
  name: string;
  passwordHash: string;
}

/**
 * Registration of an invited address (inside the registration transaction, invite row locked):
 * the account joins the inviting organisation with the invited role — no organisation, space or
 * trial is created — the invite is marked accepted and the person is signed in.
 */
export async function acceptInvite(
  tx: DbExecutor,
  sessions: SessionService,
  invite: InviteRow,
  account: InvitedAccount,
): Promise<SessionResponse> {
  const [user] = await tx
    .insert(users)
    .values({ email: account.email, name: account.name, passwordHash: account.passwordHash, role: invite.role, orgId: invite.orgId })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  await markInviteAccepted(tx, invite.id);
  await retireOtherInvites(tx, account.email, invite.id);
  return sessions.startSession(user, tx);
}
