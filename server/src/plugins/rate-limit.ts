import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { AppError, MESSAGES } from '../errors';
import { recordAudit } from '../services/audit/audit.service';
import { findRefreshToken } from '../services/refresh-tokens';
import type { RateLimitBucket, RateLimitStore } from './rate-limit-store';

/** Counting windows of one minute (the limits below are per minute). */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/**
 * Per address the sign-in limit is a few times the per-account one: offices behind one NAT
 * address stay usable, while one address still cannot try many accounts quickly.
 */
const ADDRESS_FACTOR = 5;
/**
 * Refreshing is what every signed-in tab does every quarter of an hour, and a whole office may
 * share one address: per address the refresh limit is far above the per-session one. It only
 * stops one address from flooding the endpoint.
 */
const REFRESH_ADDRESS_FACTOR = 50;
/** Longest refresh token looked up for its family (the route's schema allows 512). */
const MAX_REFRESH_TOKEN_LENGTH = 512;

function stringField(request: FastifyRequest, part: 'body' | 'query', name: string): string | undefined {
  const container: unknown = request[part];
  if (container && typeof container === 'object' && name in container) {
    const value: unknown = (container as Record<string, unknown>)[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * Over a limit: 429 RATE_LIMITED with Retry-After, and the first refusal of a window goes to the
 * audit log. `detailOf` words the refusal for the limit that was hit (default 'Too many requests').
 */
async function enforce(
  rateLimits: RateLimitStore,
  request: FastifyRequest,
  reply: FastifyReply,
  buckets: RateLimitBucket[],
  actorUserId?: string,
  detailOf: (exceeded: RateLimitBucket) => string = () => MESSAGES.tooManyRequests,
) {
  const { exceeded, retryAfterSeconds } = await rateLimits.hit(buckets);
  if (exceeded.length === 0) return;
  const first = exceeded.find((bucket) => bucket.hits === bucket.max + 1);
  if (first) {
    await recordAudit(rateLimits.db, {
      action: 'auth.rate_limited',
      actor: actorUserId ? { userId: actorUserId } : null,
      ipAddress: request.ip,
      details: { route: request.routeOptions.url ?? null, limit: first.bucket.split(':')[1] ?? null, max: first.max },
    });
  }
  throw refusal(reply, retryAfterSeconds, detailOf(exceeded[0]!));
}

function refusal(reply: FastifyReply, retryAfterSeconds: number, detail: string = MESSAGES.tooManyRequests): AppError {
  reply.header('Retry-After', String(retryAfterSeconds));
  return new AppError(429, detail, 'RATE_LIMITED');
}

/**
 * A preValidation hook (so the JSON body, and its email, is known) limiting a sign-in route to
 * `max` calls a minute per address and email (body `email`, else query `email`), and `max × 5`
 * per address. Counted per route, in the database, so every process shares the counts.
 */
export function authRateLimit(rateLimits: RateLimitStore, max: number): preValidationAsyncHookHandler {
  return async function limitSignInAttempts(request: FastifyRequest, reply: FastifyReply) {
    const route = request.routeOptions.url ?? request.url;
    const email = (stringField(request, 'body', 'email') ?? stringField(request, 'query', 'email') ?? '').trim().toLowerCase();
    await enforce(rateLimits, request, reply, [
      { bucket: `signin:address-email:${route}:${request.ip}|${email}`, max },
      { bucket: `signin:address:${route}:${request.ip}`, max: max * ADDRESS_FACTOR },
    ]);
  };
}

/**
 * Registration look-ups (check-domain, invitation): `max` calls a minute per route and address,
 * whatever address or token is asked about, so nobody can walk a list of emails or guess links.
 * Counted apart from the sign-in routes: looking up while typing must not use up the attempts
 * to register.
 */
export function lookupRateLimit(rateLimits: RateLimitStore, max: number): preValidationAsyncHookHandler {
  return async function limitLookups(request: FastifyRequest, reply: FastifyReply) {
    const route = request.routeOptions.url ?? request.url;
    await enforce(rateLimits, request, reply, [{ bucket: `lookup:address:${route}:${request.ip}`, max }]);
  };
}

/**
 * POST /refresh: `max` refreshes a minute per session (the refresh token's family, looked up from
 * its hash), and `max × 50` requests per address, so many people behind one address refreshing
 * normally are never refused. Tokens the server does not know share a per-address allowance of
 * `max`.
 *
 * A session's count is of the tokens it presents, not of the requests: ten tabs that refresh at
 * once all send the same token and get the same successor (the grace window of
 * refresh-rotation.ts), so they are one refresh, not ten. The first request with a token (told
 * apart by an atomic per-token counter, so exactly one of simultaneous requests is first) counts
 * for the session; the others count only for the address. A token presented again after the grace
 * window is reuse and ends the session, so this cannot be used to refresh without limit.
 */
export function refreshRateLimit(rateLimits: RateLimitStore, max: number): preValidationAsyncHookHandler {
  return async function limitRefreshes(request: FastifyRequest, reply: FastifyReply) {
    const token = stringField(request, 'body', 'refresh_token');
    const row = token && token.length <= MAX_REFRESH_TOKEN_LENGTH ? await findRefreshToken(rateLimits.db, token) : undefined;
    const perAddress = { bucket: `refresh:address:${request.ip}`, max: max * REFRESH_ADDRESS_FACTOR };
    if (!row) {
      await enforce(rateLimits, request, reply, [{ bucket: `refresh:unknown-token:${request.ip}`, max }, perAddress]);
      return;
    }
    const perSession = { bucket: `refresh:family:${row.familyId}`, max };
    const presented = await rateLimits.hit([{ bucket: `refresh:token:${row.tokenHash}`, max: Number.MAX_SAFE_INTEGER }]);
    if (presented.counted[0]?.hits === 1) {
      await enforce(rateLimits, request, reply, [perSession, perAddress]);
      return;
    }
    // The same refresh again: not counted for the session, but refused while the session is over
    // its limit (else every refused refresh would go through on its second try).
    const session = await rateLimits.current(perSession);
    if (session.hits > max) throw refusal(reply, session.retryAfterSeconds);
    await enforce(rateLimits, request, reply, [perAddress]);
  };
}

/**
 * An onRequest hook (after requireAuth) limiting a signed-in person to `max` calls a minute in
 * `scope` (the platform admin area: reads, and actions at a quarter of that). Per account, not per
 * address: an admin's session is what is limited, wherever it calls from.
 */
export function perUserRateLimit(rateLimits: RateLimitStore, scope: string, max: number): onRequestAsyncHookHandler {
  return async function limitPerUser(request: FastifyRequest, reply: FastifyReply) {
    const userId = request.auth?.userId;
    if (!userId) return;
    await enforce(rateLimits, request, reply, [{ bucket: `user:${scope}:${userId}`, max }], userId);
  };
}

/**
 * Invites are counted per hour: each sends a mail to an address the inviter chooses. Per inviter,
 * per organisation (all its owners and admins together), and per invited address within the
 * organisation (a resend now and then, not a stream of mail at one person).
 */
export const INVITE_LIMITS = { perInviterPerHour: 30, perOrganisationPerHour: 100, perAddressPerHour: 5 } as const;

export const INVITE_LIMIT_MESSAGES = {
  inviter: `You have sent ${INVITE_LIMITS.perInviterPerHour} invites in the last hour, the most one person can send. Try again later.`,
  organisation: `This organisation has sent ${INVITE_LIMITS.perOrganisationPerHour} invites in the last hour, the most it can send. Try again later.`,
  address: `This address has been invited ${INVITE_LIMITS.perAddressPerHour} times in the last hour. Try again later.`,
} as const;

const INVITE_BUCKETS = { inviter: 'invites:inviter:', organisation: 'invites:organisation:', address: 'invites:address:' } as const;

/**
 * POST /orgs/invites: a preValidation hook (after the route's onRequest auth; the body's address
 * is needed) enforcing INVITE_LIMITS. The limits are the same whether or not the address has an
 * account, so a refusal reveals nothing about it.
 */
export function inviteRateLimit(rateLimits: RateLimitStore): preValidationAsyncHookHandler {
  return async function limitInvites(request: FastifyRequest, reply: FastifyReply) {
    const auth = request.auth;
    if (!auth?.orgId) return;
    const address = (stringField(request, 'body', 'email') ?? '').trim().toLowerCase();
    const buckets: RateLimitBucket[] = [
      { bucket: `${INVITE_BUCKETS.inviter}${auth.userId}`, max: INVITE_LIMITS.perInviterPerHour, window: 'hour' },
      { bucket: `${INVITE_BUCKETS.organisation}${auth.orgId}`, max: INVITE_LIMITS.perOrganisationPerHour, window: 'hour' },
      { bucket: `${INVITE_BUCKETS.address}${auth.orgId}:${address}`, max: INVITE_LIMITS.perAddressPerHour, window: 'hour' },
    ];
    const kind = (bucket: string) => (Object.keys(INVITE_BUCKETS) as Array<keyof typeof INVITE_BUCKETS>).find((key) => bucket.startsWith(INVITE_BUCKETS[key])) ?? 'inviter';
    await enforce(rateLimits, request, reply, buckets, auth.userId, (exceeded) => INVITE_LIMIT_MESSAGES[kind(exceeded.bucket)]);
  };
}
