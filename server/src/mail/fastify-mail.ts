import type { FastifyRequest } from 'fastify';
import type { MailConfig } from '../config';

/**
 * Where people reach this server, for links in mail: PUBLIC_URL, else the origin the request came
 * to (which, behind a proxy, needs TRUST_PROXY for the right scheme and host).
 */
export function appUrlFor(config: MailConfig, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
