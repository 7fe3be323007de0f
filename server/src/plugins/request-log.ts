import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, written when it has been answered: method, redacted URL (the `req`
 * serializer in logging.ts), route pattern, status and time. Fastify's own controller writes two
 * lines per request (incoming, completed); at a few thousand requests a second those writes were
 * the largest cost on the read path after the database (docs/reliability.md), so the incoming line
 * moves to debug (a no-op at the usual levels) and the completed one carries what both did. Every other line Fastify writes (its
 * error handler, 404s, stream errors) keeps its default.
 *
 * A request slower than `slowRequestMs` is written at warn as `slow request`, so it is kept at
 * the usual production level (warn) and a stall under load leaves a trace of which route waited.
 */
export class RequestLogController extends LogController {
  constructor(private readonly slowRequestMs: number) {
    super();
  }

  /** At debug: what arrived but has not been answered yet, for following a hang (LOG_LEVEL=debug). */
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const elapsedMs = Math.round(reply.elapsedTime);
    const fields = { req: request, route: request.routeOptions.url ?? 'unmatched', statusCode: reply.statusCode, elapsedMs };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (this.slowRequestMs > 0 && elapsedMs >= this.slowRequestMs) reply.log.warn(fields, 'slow request');
    else reply.log.info(fields, 'request completed');
  }
}
