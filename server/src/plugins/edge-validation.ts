import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, MESSAGES, type FieldError } from '../errors';

/**
 * Text PostgreSQL cannot store, refused before any route sees it. A NUL character makes every
 * text column reject the whole statement (a 500 whose logged error used to list every value); a
 * lone UTF-16 surrogate (`"\ud800"` in JSON) is silently turned into U+FFFD on the way to the
 * database, so what is read back is not what was sent. Both are found in every string, and every
 * object key, of the JSON body, the query string and the route parameters, at any depth.
 */

export const TEXT_PROBLEMS = {
  nul: 'Must not contain NUL characters (\\u0000)',
  surrogate: 'Must be valid Unicode text (it contains an unpaired UTF-16 surrogate)',
} as const;

/** Problems found so far; the walk stops after this many (an error list, not an echo of the input). */
const MAX_FIELD_ERRORS = 20;
/** Nesting this deep is not a document anyone sends; the JSON parser already bounds the size. */
const MAX_DEPTH = 64;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return TEXT_PROBLEMS.nul;
  if (LONE_SURROGATE.test(text)) return TEXT_PROBLEMS.surrogate;
  return undefined;
}

/** A key that cannot be shown as it is, with its bad characters replaced by U+FFFD. */
const printable = (key: string) => key.replace(LONE_SURROGATES, '\ufffd').replaceAll('\u0000', '\ufffd');

/** The field name as the schema errors give it: `items.0.name`; the part itself for a bare value. */
function fieldName(path: readonly (string | number)[], part: string): string {
  return path.length === 0 ? part : path.join('.');
}

function collectTextProblems(
  value: unknown,
  path: (string | number)[],
  part: string,
  errors: FieldError[],
  depth = 0,
): void {
  if (errors.length >= MAX_FIELD_ERRORS || depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    const message = problemOf(value);
    if (message) errors.push({ field: fieldName(path, part), message });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => collectTextProblems(item, [...path, index], part, errors, depth + 1));
    return;
  }
  // Only parsed JSON and query objects; a raw upload body (Buffer, stream) is not text.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') {
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = problemOf(key);
    // A bad key cannot be named as it is; its position is named with the problem replaced.
    if (keyProblem) errors.push({ field: fieldName([...path, printable(key)], part), message: keyProblem });
    else collectTextProblems(item, [...path, key], part, errors, depth + 1);
  }
}

/** The text problems of a request's body, query string and route parameters. */
export function textProblemsOf(request: Pick<FastifyRequest, 'body' | 'query' | 'params'>): FieldError[] {
  const errors: FieldError[] = [];
  collectTextProblems(request.params, [], 'params', errors);
  collectTextProblems(request.query, [], 'querystring', errors);
  collectTextProblems(request.body, [], 'body', errors);
  return errors;
}

/**
 * One preValidation hook for every route (installed before the routes, so it runs before their
 * own preValidation hooks and schemas): a 422 in the shape of the schema errors.
 */
export function installEdgeValidation(app: FastifyInstance): void {
  // Synchronous: the walk never waits, so no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const errors = textProblemsOf(request);
    done(errors.length > 0 ? new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', errors) : undefined);
  });
}
