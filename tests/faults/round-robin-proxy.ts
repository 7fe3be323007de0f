/**
 * A small reverse proxy for the several-process scenario: Fastify with @fastify/reply-from, taking
 * turns over its upstreams (round robin), as docs/deploy.md's nginx and Caddy configurations do.
 *
 * When an upstream refuses the connection (its process is gone: nothing reached it), the request
 * goes to the next upstream, whatever its method, and the refusing one is skipped for a while.
 * When a connection breaks after the request was sent (reset, closed), only a request that is safe
 * to repeat (GET, HEAD) goes to the next upstream; any other is answered 502, since the process may
 * have acted on it. So a client sees a failure only for a write that was in flight on a connection
 * to a process that died.
 *
 * It counts what the scenario checks: requests sent to each upstream, and which requests (by their
 * `x-load-id` header) were in flight to an upstream during a window (`watch`).
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';

const SAFE_TO_REPEAT = new Set(['GET', 'HEAD']);
/** An upstream that refused a connection is not tried again for this long (then once more). */
const SKIP_REFUSING_MS = 5_000;
/** The largest body passed on (a knowledge document of the default 100 MiB limit, with room). */
const BODY_LIMIT_BYTES = 110 * 1024 * 1024;

export interface RoundRobinProxy {
  readonly baseUrl: string;
  /** Requests sent to each upstream so far (retries on another upstream count there too). */
  sent(): Map<string, number>;
  /** Requests passed on to another upstream after `upstream` refused or dropped them. */
  retried(): number;
  /** Starts collecting the ids of requests in flight to `upstream`: those now, and any sent until `stop`. */
  watch(upstream: string): { stop(): Set<string> };
  close(): Promise<void>;
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('E') && code !== 'ERR_STREAM_PREMATURE_CLOSE') return code;
    if (typeof code === 'string' && code.startsWith('UND_ERR_SOCKET')) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Refused: the request never reached the upstream, so any request may go elsewhere. */
const refused = (code: string | undefined) => code === 'ECONNREFUSED';
/** Broken after sending: only a request safe to repeat may go elsewhere. */
const broken = (code: string | undefined) => code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const sent = new Map(upstreams.map((upstream) => [upstream, 0]));
  const inFlight = new Map(upstreams.map((upstream) => [upstream, new Set<string>()]));
  const watchers = new Map<string, Set<Set<string>>>(upstreams.map((upstream) => [upstream, new Set()]));
  const skipUntil = new Map<string, number>();
  let turn = 0;
  let retried = 0;

  /** The next upstream in turn that is not being skipped (all skipped: the next in turn anyway). */
  const pick = (except: Set<string>): string | undefined => {
    const now = Date.now();
    const candidates = upstreams.filter((upstream) => !except.has(upstream));
    const live = candidates.filter((upstream) => (skipUntil.get(upstream) ?? 0) <= now);
    const pool = live.length > 0 ? live : candidates;
    if (pool.length === 0) return undefined;
    turn = (turn + 1) % upstreams.length;
    for (let step = 0; step < upstreams.length; step += 1) {
      const upstream = upstreams[(turn + step) % upstreams.length]!;
      if (pool.includes(upstream)) return upstream;
    }
    return pool[0];
  };

  const app = Fastify({ bodyLimit: BODY_LIMIT_BYTES, logger: false });
  // JSON is parsed (reply-from sends it on as JSON), text stays text, anything else is kept as bytes.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  await app.register(replyFrom, { undici: { connections: 256, pipelining: 1 } });

  const forward = (request: FastifyRequest, reply: FastifyReply, tried: Set<string>): void => {
    const upstream = pick(tried);
    if (!upstream) {
      void reply.code(502).send({ detail: 'No upstream answered' });
      return;
    }
    tried.add(upstream);
    sent.set(upstream, sent.get(upstream)! + 1);
    const id = String(request.headers['x-load-id'] ?? request.id);
    inFlight.get(upstream)!.add(id);
    for (const watcher of watchers.get(upstream)!) watcher.add(id);
    const done = () => inFlight.get(upstream)!.delete(id);
    reply.raw.once('close', done);
    void reply.from(`${upstream}${request.url}`, {
      // `reply` itself is handed to onError; the outer one is used for its type.
      onError: (_failed, { error }) => {
        done();
        const code = errorCode(error);
        if (refused(code)) skipUntil.set(upstream, Date.now() + SKIP_REFUSING_MS);
        if (!reply.sent && (refused(code) || (broken(code) && SAFE_TO_REPEAT.has(request.method)))) {
          retried += 1;
          forward(request, reply, tried);
          return;
        }
        void reply.code(502).send({ detail: `Upstream failed: ${code ?? (error instanceof Error ? error.message : String(error))}` });
      },
    });
  };

  app.all('/*', (request, reply) => forward(request, reply, new Set()));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');

  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    sent: () => new Map(sent),
    retried: () => retried,
    watch(upstream) {
      const seen = new Set(inFlight.get(upstream));
      watchers.get(upstream)!.add(seen);
      return {
        stop() {
          watchers.get(upstream)!.delete(seen);
          return seen;
        },
      };
    },
    close: () => app.close(),
  };
}
