/**
 * Headers carried by every API request (spec 000 §7): a request id, the client route, a client
 * timestamp, the bearer token when one exists and the space id when one exists. They let the
 * server correlate logs with what the user was doing.
 */

export interface SessionContext {
  accessToken: string | null;
  spaceId: string | null;
}

export function clientRoute(): string {
  return typeof location === 'undefined' ? '' : `${location.pathname}${location.search}`;
}

export function buildRequestHeaders(session: SessionContext, extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Request-ID': crypto.randomUUID(),
    'X-Client-Route': clientRoute(),
    'X-Client-Timestamp': new Date().toISOString(),
    ...extra,
  };
  if (session.accessToken) headers.Authorization = `Bearer ${session.accessToken}`;
  if (session.spaceId) headers['X-Space-Id'] = session.spaceId;
  return headers;
}
