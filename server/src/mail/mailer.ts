/**
 * The one interface the rest of the server sends mail through (docs/email.md). Two
 * implementations: SMTP when SMTP_URL is set, else an outbox folder of .eml files, so a server
 * without mail set up still keeps every message where an operator can find it.
 */

/** A message ready to send: plain text for every client, simple HTML for those that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where a message went: handed to the SMTP server, or written to the outbox (not emailed). */
export type MailDelivery = { via: 'smtp' } | { via: 'outbox'; file: string };

export interface Mailer {
  /** 'outbox' means nothing leaves this machine: screens say so instead of "sent". */
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message is accepted (SMTP) or written (outbox); rejects otherwise. */
  send(message: MailMessage): Promise<MailDelivery>;
  close(): void;
}

/** The part of a logger the mailers use (Fastify's and pino's loggers fit). */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
