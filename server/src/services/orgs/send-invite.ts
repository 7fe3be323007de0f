import { eq } from 'drizzle-orm';
import type { InviteDelivery, InviteInput, SentInvite } from '../../../../src/contract/orgs';
import type { Db, DbExecutor } from '../../db/database';
import { organizations, users } from '../../db/schema/index';
import type { MailLog } from '../../mail/mailer';
import type { MailService } from '../../mail/mail-service';
import { inviteForExistingAccountMail, inviteMail } from '../../mail/templates/invite-mail';
import { recordAudit } from '../audit/audit.service';
import { inviteLinkFor } from './invite-secrets';
import { inviteToOrg } from './invites.service';
import type { OrgManager } from './org-manager';

export interface SendInviteContext {
  /** PUBLIC_URL or the request's origin: where the link in the email points. */
  appUrl: string;
  ipAddress: string | null;
  log: MailLog;
}

async function inviterOf(db: DbExecutor, manager: OrgManager) {
  const [row] = await db
    .select({ email: users.email, organisationName: organizations.name })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, manager.userId))
    .limit(1);
  if (!row) throw new Error('inviting manager not found');
  return row;
}

/**
 * Creates (or refreshes) the invite with a new link and audits it in one transaction, then emails
 * the link. The invite is committed before sending, so a mail failure loses nothing: the answer
 * says how delivery went and carries the link for the inviter to copy. The answer is the same
 * whether or not the address has an account; only the mail differs (invite-mail.ts).
 */
export async function sendInvite(
  db: Db,
  mail: MailService,
  manager: OrgManager,
  input: InviteInput,
  context: SendInviteContext,
): Promise<SentInvite> {
  const { issued, inviter } = await db.transaction(async (tx) => {
    const inviter = await inviterOf(tx, manager);
    const issued = await inviteToOrg(tx, manager, input);
    await recordAudit(tx, {
      action: 'invites.created',
      actor: { userId: manager.userId, email: inviter.email, role: manager.role },
      orgId: manager.orgId,
      target: { type: 'invite', id: issued.invite.id },
      ipAddress: context.ipAddress,
      details: { email: issued.invite.email, role: issued.invite.role, refreshed: issued.refreshed },
    });
    return { issued, inviter };
  });
  const { invite } = issued;
  const link = inviteLinkFor(context.appUrl, issued.secret);
  const facts = {
    to: invite.email,
    organisationName: inviter.organisationName,
    inviterName: invite.invited_by,
    role: invite.role,
    expiresAt: new Date(invite.expires_at),
  };
  // Either mail is sent the same way, so delivery (and the time it takes) says nothing either.
  const message = issued.addressHasAccount ? inviteForExistingAccountMail(facts, context.appUrl) : inviteMail({ ...facts, link });
  let delivery: InviteDelivery;
  try {
    delivery = (await mail.send(message)).via === 'smtp' ? 'emailed' : 'outbox';
  } catch (error) {
    context.log.warn({ err: error, inviteId: invite.id }, 'Invite email could not be sent; the invite is kept and its link can be copied');
    delivery = 'failed';
  }
  return { ...invite, delivery, invite_link: link };
}
