import { INVITE_TTL_DAYS, type InviteRole } from '../../../../src/contract/orgs';
import type { MailMessage } from '../mailer';
import { composeMail } from './compose';

const ROLE_PHRASES: Record<InviteRole, string> = { org_admin: 'an admin', org_member: 'a member' };

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The subject of every invitation. It names no person and no organisation: those are typed by the
 * inviter, and a subject is what a mail client shows before anything else (and what a phisher
 * would write), so they appear only in the body, where they read as quoted facts.
 */
export const INVITE_SUBJECT = 'You have been invited to join an organisation on Mosaic';

export interface InviteMailFacts {
  to: string;
  organisationName: string;
  /** Null when the inviter's account is gone (a refreshed invite keeps no name then). */
  inviterName: string | null;
  role: InviteRole;
  link: string;
  expiresAt: Date;
}

const invitedBy = (facts: Pick<InviteMailFacts, 'inviterName' | 'organisationName' | 'role'>, whom: string) =>
  `${facts.inviterName ?? 'Someone'} has invited ${whom} to join ${facts.organisationName} on Mosaic as ${ROLE_PHRASES[facts.role]}.`;

/** The invitation: who asks, into which organisation and as what, and the single-use link. */
export function inviteMail(facts: InviteMailFacts): MailMessage {
  return composeMail(facts.to, INVITE_SUBJECT, [
    invitedBy(facts, 'you'),
    { label: 'Create your account', href: facts.link },
    `The link works once and expires in ${INVITE_TTL_DAYS} days, on ${DAY.format(facts.expiresAt)}. If it has expired, ask ${facts.organisationName} to invite you again.`,
    'If you were not expecting this invitation, you can ignore this email: nothing happens unless you use the link.',
  ]);
}

/**
 * The same invitation to an address that already has an account. The inviter is answered exactly
 * as for any other address (docs/server.md, "Invites reveal no accounts"), so only the owner of
 * the address learns why it cannot be accepted, and what to do. It carries no link: a link can
 * only create an account, which this address cannot have twice.
 */
export function inviteForExistingAccountMail(facts: Omit<InviteMailFacts, 'link'>, appUrl: string): MailMessage {
  return composeMail(facts.to, INVITE_SUBJECT, [
    invitedBy(facts, `this email address (${facts.to})`),
    'This address already has a Mosaic account, and an account belongs to one organisation, so the invitation cannot be accepted with it. Nothing in your account has changed.',
    `To join ${facts.organisationName}, ask whoever invited you to invite another email address of yours instead.`,
    { label: 'Sign in to your account', href: `${appUrl}/login` },
    'If you were not expecting this invitation, you can ignore this email: nothing happens.',
  ]);
}
