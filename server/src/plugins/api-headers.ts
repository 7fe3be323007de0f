import type { FastifyInstance } from 'fastify';

const API_VARY = ['Authorization', 'X-Space-Id'];

function mergeVary(existing: unknown, additions: readonly string[]): string {
  const current =
    typeof existing === 'string'
      ? existing
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : [];
  const seen = new Set(current.map((part) => part.toLowerCase()));
  return [...current, ...additions.filter((part) => !seen.has(part.toLowerCase()))].join(', ');
}

/**
 * Headers of every API response. GETs vary by caller and space, so a shared or service-worker
 * cache never hands one user's (or one space's) answer to another. API answers are personal and
 * change often: not stored anywhere unless a route says otherwise.
 */
export function installApiHeaders(app: FastifyInstance): void {
  // Synchronous: nothing here waits, so no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-ID', request.id);
    // Every /api path, not only API_PREFIX's: an unknown one answers the API's JSON 404 (docs/server.md "Errors").
    if (request.url.startsWith('/api/')) {
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
      if (request.method === 'GET' || request.method === 'HEAD') {
        reply.header('Vary', mergeVary(reply.getHeader('Vary'), API_VARY));
      }
    }
    done(null, payload);
  });
}
