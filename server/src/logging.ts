import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import { serializeError } from './log-safe-error';
import { redactUrl } from './log-safe-url';

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

/** Where log lines go; tests pass one to read what was logged. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Fastify's request serializer with the URL's secret query parameters (upload tokens, OAuth
 * code and state, signatures) replaced.
 */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  // Code may log its own `req` object; it is redacted by REDACT_PATHS like any other.
  if (typeof request?.url !== 'string') return request as unknown as Record<string, unknown>;
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Every error logged under `err` (the handler's 500s, jobs, routes) passes through
 * serializeError, which drops query values (log-safe-error.ts).
 */
export const LOG_SERIALIZERS = { err: serializeError, req: serializeRequest };

export function loggerOptions(
  config: Pick<AppConfig, 'logLevel'>,
  stream?: LogDestination,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: LOG_SERIALIZERS,
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
