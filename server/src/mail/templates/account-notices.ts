import type { MailMessage } from '../mailer';
import { composeMail } from './compose';

/**
 * Registration answers the same whether or not an address has an account (docs/server.md), so the
 * person who owns the address is told by email instead: only they learn that it was tried.
 */
export function accountExistsNotice(to: string, appUrl: string): MailMessage {
  return composeMail(to, 'Someone tried to create a Mosaic account with your email address', [
    `Someone just tried to create a new Mosaic account with this email address (${to}). It already has an account, so nothing was created and nothing in your account has changed.`,
    { label: 'If it was you, sign in instead', href: `${appUrl}/login` },
    'If it was not you, you can ignore this email: your password is unchanged and nobody was given access.',
  ]);
}

/**
 * A second request to join with an address whose first request is still waiting. The subject
 * names no organisation: its name is typed by its owner, and only the body quotes it.
 */
export function joinRequestPendingNotice(to: string, organisationName: string, appUrl: string): MailMessage {
  return composeMail(to, 'Someone asked again to join an organisation on Mosaic with your email address', [
    `Someone just asked to join ${organisationName} on Mosaic with this email address (${to}). A request with this address is already waiting for an owner or admin of ${organisationName} to approve it, so no second request was filed.`,
    { label: 'Once the request is approved, sign in here', href: `${appUrl}/login` },
    `If you did not ask to join ${organisationName}, you can ignore this email; an owner or admin there can deny the request.`,
  ]);
}
