/**
 * A realistic load for the soak test and the footprint bench: what signed-in people's apps ask
 * for all day (who am I, my spaces, plan and credits, documents, chats, agents, brand voice) and
 * now and then a write (saving the brand voice). Each autocannon connection plays one person,
 * spread round-robin over the sessions given, so the server sees many callers, not one hot row.
 */
import autocannon from 'autocannon';
import { API, type Session } from './api-client';

/** One person's requests, cycled by a connection: 11 reads and 1 write (≈ 8 % writes). */
export function mixFor(session: Session, options: { writes?: boolean } = {}): autocannon.Request[] {
  const headers = { authorization: `Bearer ${session.access_token}`, 'x-space-id': session.spaceId };
  const get = (path: string): autocannon.Request => ({ method: 'GET', path: `${API}${path}`, headers });
  const reads = [
    get('/me'),
    get('/spaces/'),
    get('/billing/plan'),
    get('/billing/credits'),
    get('/kb/documents'),
    get('/me'),
    get('/agents/sessions?limit=20'),
    get('/spaces/'),
    get('/settings/brand-voice'),
    get('/agents'),
    get('/billing/credits'),
  ];
  if (options.writes === false) return reads;
  let saved = 0;
  const write: autocannon.Request = {
    method: 'PUT',
    path: `${API}/settings/brand-voice`,
    headers: { ...headers, 'content-type': 'application/json' },
    // A new text each time, so every write really changes the row.
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ content: `Warm, plain and direct. Revision ${(saved += 1)}.` }) }),
  };
  return [...reads, write];
}

export interface LoadOptions {
  baseUrl: string;
  sessions: Session[];
  connections: number;
  durationSeconds: number;
  writes?: boolean;
  /** A request unanswered after this many seconds counts as a time-out (autocannon's default is 10). */
  timeoutSeconds?: number;
}

export interface LoadFigures {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  status5xx: number;
  status4xx: number;
  timeouts: number;
  errors: number;
}

/** Drives the mix for the given time and returns what the clients saw. */
export async function runLoadMix(options: LoadOptions): Promise<LoadFigures> {
  let next = 0;
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: options.timeoutSeconds ?? 10,
    requests: mixFor(options.sessions[0]!, { writes: options.writes }),
    setupClient: (client) => {
      const session = options.sessions[next % options.sessions.length]!;
      next += 1;
      client.setRequests(mixFor(session, { writes: options.writes }));
    },
  });
  return figuresOf(result);
}

export function figuresOf(result: autocannon.Result): LoadFigures {
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    status5xx: result['5xx'],
    status4xx: result['4xx'],
    timeouts: result.timeouts,
    errors: result.errors,
  };
}
