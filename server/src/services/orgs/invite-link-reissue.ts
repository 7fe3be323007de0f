import { and, eq } from 'drizzle-orm';
import type { ReissuedInviteLink } from '../../../../src/contract/orgs';
import type { Db } from '../../db/database';
import { isUuid } from '../../db/ids';
import { orgInvites } from '../../db/schema/index';
import { MESSAGES, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { inviteLinkFor, newInviteSecret } from './invite-links';
import type { OrgManager } from './org-manager';

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
  if (!isUuid(inviteId)) throw notFound(MESSAGES.inviteNotFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orgInvites)
      .where(and(eq(orgInvites.id, inviteId), eq(orgInvites.orgId, manager.orgId)))
      .for('update');
    if (!row) throw notFound(MESSAGES.inviteNotFound);
    if (row.status !== 'pending') throw conflict(MESSAGES.inviteLinkNotPending);
    if (row.expiresAt.getTime() <= Date.now()) throw conflict(MESSAGES.inviteLinkNotPending);
    const { secret, hash } = newInviteSecret();
    await tx.update(orgInvites).set({ tokenHash: hash }).where(eq(orgInvites.id, row.id));
    await recordAudit(tx, {
      action: 'invites.link_reissued',
      actor: { userId: manager.userId, email: manager.email, role: manager.role },
      orgId: manager.orgId,
      target: { type: 'invite', id: row.id },
      ipAddress: context.ipAddress,
      details: { email: row.email },
    });
    return { invite_link: inviteLinkFor(context.appUrl, secret), expires_at: row.expiresAt.toISOString() };
  });
}
