/**
 * Answers a request with server-sent events (a chat reply, an Agent Mode run, the knowledge base's
 * document statuses): `write` is handed the stream's writer and a signal that aborts when the
 * client goes, and the stream ends when `write` settles. A stream that fails is logged with
 * `whenFailed` (what the client does instead) and simply ends: the client falls back.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function replyWithEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (send: (chunk: string) => void, gone: AbortSignal) => Promise<unknown>,
  whenFailed: string,
): FastifyReply {
  const body = new PassThrough();
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  void write((chunk) => body.write(chunk), gone.signal)
    .catch((error: unknown) => request.log.warn({ err: error }, whenFailed))
    .finally(() => body.end());
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    // Never stored by a cache or the service worker, never buffered by a proxy.
    .header('cache-control', 'no-store, no-transform')
    .header('x-accel-buffering', 'no')
    // The connection ends with the stream. Kept alive, an idle socket left by a stream that the
    // app's shutdown ended would hold that shutdown for the keep-alive time-out (5 s); a client
    // following again opens a new stream anyway.
    .header('connection', 'close')
    .send(body);
}
