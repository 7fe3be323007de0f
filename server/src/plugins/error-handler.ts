import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, MESSAGES, type FieldError } from '../errors';

/** The one error body of the API: `{detail, code?, errors?}`. */
export interface ErrorBody {
  detail: string;
  code?: string;
  errors?: FieldError[];
}

type ValidationIssue = { instancePath?: string; message?: string };

/** '/org_name' → 'org_name', '/items/0/name' → 'items.0.name'; a whole-body problem names the part. */
function fieldErrors(issues: readonly ValidationIssue[], context: string | undefined): FieldError[] {
  return issues.map((issue) => {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    return { field: path || context || 'body', message: issue.message ?? 'Invalid value' };
  });
}

/** Fastify's own client errors (body parsing, content type, size) mapped to clear texts. */
function clientErrorBody(error: FastifyError): { status: number; body: ErrorBody } | undefined {
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, body: { detail: MESSAGES.bodyTooLarge, code: 'PAYLOAD_TOO_LARGE' } };
  if (status === 415) return { status, body: { detail: MESSAGES.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' } };
  if (status === 429) return { status, body: { detail: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' } };
  if (status === 400 && (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP_'))) {
    return { status, body: { detail: MESSAGES.malformedJson, code: 'MALFORMED_JSON' } };
  }
  if (status >= 400 && status < 500) return { status, body: { detail: error.message, code: 'BAD_REQUEST' } };
  return undefined;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { detail: error.detail, code: error.code };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: ErrorBody = {
        detail: MESSAGES.validation,
        code: 'VALIDATION_ERROR',
        errors: fieldErrors(error.validation, error.validationContext),
      };
      return reply.status(422).send(body);
    }
    if (error.validation) {
      const body: ErrorBody = {
        detail: MESSAGES.validation,
        code: 'VALIDATION_ERROR',
        errors: fieldErrors(error.validation, error.validationContext),
      };
      return reply.status(422).send(body);
    }
    const clientError = clientErrorBody(error);
    if (clientError) {
      request.log.info({ err: error }, 'client error');
      return reply.status(clientError.status).send(clientError.body);
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ErrorBody = { detail: MESSAGES.internal, code: 'INTERNAL_ERROR' };
    return reply.status(500).send(body);
  });
}
