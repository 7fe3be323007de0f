import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MailConfig } from '../config';
import { createMailService, type MailService } from './mail-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail (docs/email.md): SMTP when SMTP_URL is set, else the DATA_DIR/outbox folder. */
    mail: MailService;
  }
}

/** Decorates `app.mail`; closing the app waits for messages still being sent. */
export function installMail(app: FastifyInstance, config: MailConfig): void {
  const mail = createMailService(config, app.log);
  app.decorate('mail', mail);
  app.addHook('onClose', () => mail.close());
}

/**
 * Where people reach this server, for links in mail: PUBLIC_URL, else the origin the request came
 * to (which, behind a proxy, needs TRUST_PROXY for the right scheme and host).
 */
export function appUrlFor(config: MailConfig, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
