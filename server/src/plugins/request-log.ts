import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

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
  /** Where the answered lines go once the app has a logger (see writeThrough); until then request.log. */
  private answered: FastifyBaseLogger | undefined;

  constructor(private readonly slowRequestMs: number) {
    super();
  }

  /**
   * The answered lines (info and slow) through a child of the app's logger without redaction.
   * Each of their fields is made here and holds no secret: the `req` serializer's method, redacted
   * URL, host and address (logging.ts), the route pattern, the status and the time. Redaction would
   * copy and walk every line for the paths of REDACT_PATHS all the same, ≈ 4 % of the process's
   * time on the read path (docs/reliability.md, "Read path"). The request id, a binding of
   * request.log, is written as the same field in the same place. Error lines keep request.log and
   * its redaction: an error object can carry anything.
   */
  writeThrough(appLog: FastifyBaseLogger): void {
    this.answered = appLog.child({}, { redact: { paths: [] } });
  }

  /** At debug: what arrived but has not been answered yet, for following a hang (LOG_LEVEL=debug). */
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const elapsedMs = Math.round(reply.elapsedTime);
    const fields = { req: request, route: request.routeOptions.url ?? 'unmatched', statusCode: reply.statusCode, elapsedMs };
    if (error) {
      reply.log.error({ ...fields, err: error }, 'request errored');
      return;
    }
    const slow = this.slowRequestMs > 0 && elapsedMs >= this.slowRequestMs;
    if (!this.answered) {
      if (slow) reply.log.warn(fields, 'slow request');
      else reply.log.info(fields, 'request completed');
      return;
    }
    const line = { reqId: request.id, ...fields };
    if (slow) this.answered.warn(line, 'slow request');
    else this.answered.info(line, 'request completed');
  }
}
