import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AppError, MESSAGES } from '../errors';

const WINDOW_MS = 60_000;
/**
 * Per address the limit is a few times the per-account one: offices behind one NAT address stay
 * usable, while one address still cannot try many accounts quickly.
 */
const ADDRESS_FACTOR = 5;

export async function installRateLimiting(app: FastifyInstance): Promise<void> {
  // Nothing is limited globally; the sign-in routes opt in through authRateLimit().
  await app.register(fastifyRateLimit, { global: false });
}

function emailInBody(request: FastifyRequest): string | undefined {
  const body: unknown = request.body;
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
    return body.email.trim().toLowerCase();
  }
  return undefined;
}

/**
 * A preValidation hook (so the JSON body, and its email, is known) limiting a sign-in route to
 * `max` calls a minute per address and email, and `max × 5` per address. Over the limit → 429.
 * Counters live in this process's memory (see docs/server.md for several processes).
 */
export function authRateLimit(app: FastifyInstance, max: number): preValidationAsyncHookHandler {
  const perAddress = app.createRateLimit({ max: max * ADDRESS_FACTOR, timeWindow: WINDOW_MS });
  const perAccount = app.createRateLimit({
    max,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `${request.ip}|${emailInBody(request) ?? ''}`,
  });
  return async function limitSignInAttempts(request: FastifyRequest, reply: FastifyReply) {
    for (const limiter of [perAccount, perAddress]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(result.ttlInSeconds));
        throw new AppError(429, MESSAGES.tooManyRequests, 'RATE_LIMITED');
      }
    }
  };
}
