import { EMAIL_CHANGE_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '../../../../src/contract/account';
import type { MailMessage } from '../mailer';
import { composeMail } from './compose';

/** "Forgot password?": the single-use link, sent only to an address that has an account. */
export function passwordResetMail(to: string, link: string): MailMessage {
  return composeMail(to, 'Reset your Mosaic password', [
    `Someone (we hope you) asked to reset the password of the Mosaic account with this email address (${to}).`,
    { label: 'Choose a new password', href: link },
    `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. Choosing a new password signs the account out on every device.`,
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
  ]);
}

/** What a password change did to the account's sessions: a reset ends all, a change all but its own. */
const SIGNED_OUT = {
  reset: 'Every device that was signed in to it was signed out at once.',
  change: 'Every other device that was signed in to it was signed out at once; the device the change was made on stays signed in.',
} as const;

/** After a reset or a change: the owner learns of it even if it was not them. */
export function passwordChangedNotice(to: string, appUrl: string, how: keyof typeof SIGNED_OUT): MailMessage {
  return composeMail(to, 'Your Mosaic password was changed', [
    `The password of the Mosaic account with this email address (${to}) has just been changed. ${SIGNED_OUT[how]}`,
    'If it was you, there is nothing more to do.',
    { label: 'If it was not you, reset your password now', href: `${appUrl}/forgot-password` },
  ]);
}

/** Sent to the NEW address: the change happens only when this link is used. */
export function emailChangeConfirmMail(to: string, currentEmail: string, link: string): MailMessage {
  return composeMail(to, 'Confirm your new email address for Mosaic', [
    `You asked to change the email address of your Mosaic account from ${currentEmail} to this one (${to}).`,
    { label: 'Confirm this address', href: link },
    `The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. Until it is used, you keep signing in with ${currentEmail}.`,
    'If you did not ask for this, you can ignore this email: nothing changes.',
  ]);
}

/** Sent to the CURRENT address when a change is asked for. */
export function emailChangeRequestedNotice(to: string, newEmail: string, appUrl: string): MailMessage {
  return composeMail(to, 'A change of your Mosaic email address was requested', [
    `Someone signed in to your Mosaic account asked to change its email address from ${to} to ${newEmail}. Nothing changes unless the link sent to ${newEmail} is used.`,
    { label: 'If it was not you, reset your password now', href: `${appUrl}/forgot-password` },
  ]);
}

/** Sent to the OLD address once the change is confirmed. */
export function emailChangedNotice(to: string, newEmail: string, appUrl: string): MailMessage {
  return composeMail(to, 'Your Mosaic email address was changed', [
    `The Mosaic account that used this email address (${to}) now signs in with ${newEmail}. Mail about the account goes there from now on.`,
    'If it was not you, tell an owner or admin of your organisation at once: whoever made the change knew the account\u2019s password.',
    { label: 'Mosaic', href: appUrl },
  ]);
}
