import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';

/**
 * Anything that could carry a secret is replaced before a log line is written: credentials in
 * headers, and passwords or tokens wherever a body, a reply or an error object is logged.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'password',
  'access_token',
  'refresh_token',
  'token',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.passwordHash',
  '*.password_hash',
  '*.*.password',
  '*.*.access_token',
  '*.*.refresh_token',
];

/** Query parameters that carry secrets in a URL: invite links (`/register?invite=`) and their lookup. */
const SECRET_QUERY_PARAMS = /([?&](?:invite|token)=)[^&#]*/g;

/** A URL as logged: secrets in its query replaced, the rest kept for reading the log. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

/**
 * Fastify's request fields, with the URL's secrets redacted (an invite link's page load is logged
 * too). Anything else logged under `req` is left to the redaction paths above.
 */
function requestForLog(request: FastifyRequest): Record<string, unknown> {
  if (typeof request.url !== 'string') return { ...(request as unknown as Record<string, unknown>) };
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Where log lines go; tests pass one to read what was logged. */
export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(
  config: Pick<AppConfig, 'logLevel'>,
  stream?: LogDestination,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: requestForLog },
    ...(stream ? { stream } : {}),
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Honours a well-formed incoming X-Request-ID (so logs join up across hops), else makes one. */
export function requestIdFor(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate && REQUEST_ID.test(candidate) ? candidate : randomUUID();
}
