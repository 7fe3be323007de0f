import nodemailer from 'nodemailer';
import type { MailDelivery, MailMessage, Mailer } from './mailer';

/**
 * Short limits: an invite is sent while the inviter waits for the answer, so an unreachable mail
 * server must fail within seconds (the invite is kept and its link shown), not after nodemailer's
 * default two minutes. Query parameters of SMTP_URL (e.g. `?connectionTimeout=…`) still win.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Sends through the SMTP server of `url` (smtp:// with STARTTLS when offered, or smtps://). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...TIMEOUTS });
  return {
    kind: 'smtp',
    async send(message: MailMessage): Promise<MailDelivery> {
      await transport.sendMail({ from, ...message });
      return { via: 'smtp' };
    },
    close: () => transport.close(),
  };
}
