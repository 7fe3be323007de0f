import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../errors';

/**
 * Errors Fastify's router raises before any route or hook runs, in the API's error shape instead
 * of Fastify's own. A route parameter longer than the router allows (FST_ERR_MAX_PARAM_LENGTH: an
 * id of thousands of characters) names nothing that exists, so it is the same 404 as any unknown
 * path; a URL that cannot be decoded is a 400; anything else (an async route constraint failing)
 * is the usual 500.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(404).send({ detail: MESSAGES.notFound, code: 'NOT_FOUND' });
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ detail: MESSAGES.malformedUrl, code: 'BAD_REQUEST' });
    return;
  }
  void reply.status(500).send({ detail: MESSAGES.internal, code: 'INTERNAL_ERROR' });
}
