import { PASSWORD_RESET_TTL_MINUTES } from '../../../../src/contract/account';
import type { MailMessage } from '../mailer';
import { composeMail } from './compose';

/** A reset link a platform admin sent on the person's behalf (a support request, a lost password). */
export function supportPasswordResetMail(to: string, link: string): MailMessage {
  return composeMail(to, 'Reset your Mosaic password', [
    `Mosaic support has sent you a link to choose a new password for the Mosaic account with this email address (${to}).`,
    { label: 'Choose a new password', href: link },
    `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. Choosing a new password signs the account out on every device.`,
    'If you did not ask Mosaic support for this, you can ignore this email: your password stays as it is.',
  ]);
}
