import type { MailConfig } from '../config';
import type { MailDelivery, MailLog, MailMessage, Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/**
 * The server's mail: `send` for messages whose outcome the caller reports (an invite), and
 * `sendInBackground` for notices whose sending must not show in the answer — neither in its
 * content nor in how long it takes — so an answer cannot tell whether an address has an account.
 */
export class MailService {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly log: MailLog,
  ) {}

  get kind(): Mailer['kind'] {
    return this.mailer.kind;
  }

  send(message: MailMessage): Promise<MailDelivery> {
    return this.mailer.send(message);
  }

  /** Sends without waiting; a failure is logged (recipient and subject only, never the body). */
  sendInBackground(message: MailMessage): void {
    const sending = this.mailer.send(message).then(
      () => undefined,
      (error: unknown) => this.log.warn({ err: error, to: message.to, subject: message.subject }, 'Mail could not be sent'),
    );
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
  }

  /** Lets messages already under way finish, then closes the transport (server shutdown). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    this.mailer.close();
  }
}

export function createMailService(config: MailConfig, log: MailLog): MailService {
  const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from) : createOutboxMailer(config.outboxDir, config.from, log);
  return new MailService(mailer, log);
}
