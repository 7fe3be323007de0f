import { INVITE_TTL_DAYS, type InviteRole } from '../../../../src/contract/orgs';
import type { MailMessage } from '../mailer';
import { composeMail } from './compose';

const ROLE_PHRASES: Record<InviteRole, string> = { org_admin: 'an admin', org_member: 'a member' };

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export interface InviteMailFacts {
  to: string;
  organisationName: string;
  /** Null when the inviter's account is gone (a refreshed invite keeps no name then). */
  inviterName: string | null;
  role: InviteRole;
  link: string;
  expiresAt: Date;
}

/** The invitation: who asks, into which organisation and as what, and the single-use link. */
export function inviteMail(facts: InviteMailFacts): MailMessage {
  const who = facts.inviterName ?? 'Someone';
  const subject = facts.inviterName
    ? `${facts.inviterName} invited you to join ${facts.organisationName} on Mosaic`
    : `You're invited to join ${facts.organisationName} on Mosaic`;
  return composeMail(facts.to, subject, [
    `${who} has invited you to join ${facts.organisationName} on Mosaic as ${ROLE_PHRASES[facts.role]}.`,
    { label: 'Create your account', href: facts.link },
    `The link works once and expires in ${INVITE_TTL_DAYS} days, on ${DAY.format(facts.expiresAt)}. If it has expired, ask ${facts.organisationName} to invite you again.`,
    'If you were not expecting this invitation, you can ignore this email: nothing happens unless you use the link.',
  ]);
}
