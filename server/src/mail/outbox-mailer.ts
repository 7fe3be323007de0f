import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailDelivery, MailLog, MailMessage, Mailer } from './mailer';

/** Sortable by time, unique even for messages written in the same millisecond. */
function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * Without SMTP_URL: each message is composed exactly as it would be sent and written to `dir` as
 * an .eml file (any mail client opens it). Files are readable by the server's user only, since
 * invite links in them are secrets. The log line names the recipient and the file, never the body.
 */
export function createOutboxMailer(dir: string, from: string, log: MailLog): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message: MailMessage): Promise<MailDelivery> {
      const composed = await composer.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, outboxFileName(new Date()));
      await writeFile(file, composed.message, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, 'Mail written to the outbox (no SMTP_URL set)');
      return { via: 'outbox', file };
    },
    close: () => composer.close(),
  };
}
