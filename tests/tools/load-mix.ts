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
  /**
   * Connections join in RAMP_STEPS groups spread over the first this-many seconds (default 0: all at
   * once). A server already busy with earlier connections accepts one new connection per turn of its
   * event loop, and a busy turn lasts hundreds of milliseconds, so a hundred connections opened in
   * the same instant wait up to seconds for the last of them (docs/reliability.md, "New connections
   * wait one turn each"). People's apps do not all connect in the same millisecond.
   */
  rampSeconds?: number;
}

/** How many groups a ramp brings the connections in, evenly spaced over it. */
const RAMP_STEPS = 20;

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
  const steps = options.rampSeconds ? Math.min(RAMP_STEPS, options.connections) : 1;
  const latencies: number[] = [];
  let next = 0;
  const setupClient = (client: autocannon.Client) => {
    const session = options.sessions[next % options.sessions.length]!;
    next += 1;
    client.setRequests(mixFor(session, { writes: options.writes }));
  };
  const groups = Array.from({ length: steps }, async (_, step) => {
    const startAfterSeconds = ((options.rampSeconds ?? 0) * step) / steps;
    await new Promise((resolve) => setTimeout(resolve, startAfterSeconds * 1000));
    return new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: options.baseUrl,
          // The connections shared as evenly as the steps allow.
          connections: Math.floor((options.connections * (step + 1)) / steps) - Math.floor((options.connections * step) / steps),
          // Every group stops at the same moment.
          duration: options.durationSeconds - startAfterSeconds,
          timeout: options.timeoutSeconds ?? 10,
          requests: mixFor(options.sessions[0]!, { writes: options.writes }),
          setupClient,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
  });
  const results = await Promise.all(groups);
  return combinedFigures(results, latencies, options.durationSeconds);
}

/** The groups' counts added up; latencies from every answer seen, as autocannon itself records them. */
function combinedFigures(results: autocannon.Result[], latencies: number[], durationSeconds: number): LoadFigures {
  const sorted = Float64Array.from(latencies).sort();
  const percentile = (share: number) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!));
  const sum = (pick: (result: autocannon.Result) => number) => results.reduce((total, result) => total + pick(result), 0);
  const requests = sum((result) => result.requests.total);
  return {
    requests,
    requestsPerSecond: Math.round(requests / durationSeconds),
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
    maxMs: percentile(1),
    status5xx: sum((result) => result['5xx']),
    status4xx: sum((result) => result['4xx']),
    timeouts: sum((result) => result.timeouts),
    errors: sum((result) => result.errors),
  };
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
