/**
 * Errors as they may be written to a log. A failed query carries the values it was sent: Drizzle
 * puts "params: …" into the error MESSAGE (and so into the stack's first line) and keeps them in
 * `params`; PGlite and node-postgres errors keep `params` too, and PostgreSQL's `detail` and some
 * messages echo the offending value ('Key (email)=(…) already exists', 'invalid input syntax for
 * type uuid: "…"'). A value can be a password hash, a token or anyone's personal data, so none of
 * it is logged. What stays: the SQL state (`code`), constraint, table, column and the statement
 * text (placeholders only; values are never inlined by the query builder).
 */
import { stdSerializers, type SerializedError } from 'pino';
import { redactUrlsInText } from './log-safe-url';

export const REDACTED = '[redacted]';

/** Properties that hold query values on the errors of the drivers in use. */
const VALUE_KEYS = new Set(['params', 'parameters', 'values', 'bindings', 'queryOptions']);
/** PostgreSQL error fields that may quote the data involved. */
const VALUE_ECHOING_FIELDS = ['detail', 'where', 'hint'] as const;
/** SQLSTATE: five characters of digits and capitals (23505, 22021, 42P01). */
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Drizzle: "Failed query: <sql>\nparams: <values>". */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*$/;

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

const isDatabaseError = (error: ErrorLike) =>
  (typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error) || typeof error.query === 'string';

const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/** `detail`, `where`, `hint`: `(col)=(value)` pairs, failing rows, JSON input and quoted text replaced. */
function withoutEchoedValues(text: string): string {
  if (text.startsWith('JSON data')) return REDACTED;
  return text
    .replace(/\)=\((?:[^()]|\([^()]*\))*\)/g, `)=(${REDACTED})`)
    .replace(/(Failing row contains )\((?:[^()]|\([^()]*\))*\)/g, `$1(${REDACTED})`)
    .replace(QUOTED, `"${REDACTED}"`);
}

/**
 * Messages quote identifiers (constraint and relation names, kept: they say what failed) and, in
 * a few forms, the value itself ('invalid input syntax for type uuid: "…"', 'value "…" is out of
 * range'): only those values are replaced.
 */
function messageWithoutValues(message: string): string {
  return message.replace(/(: |value )"(?:[^"\\]|\\.)*"/g, `$1"${REDACTED}"`);
}

function safeMessage(error: ErrorLike): string {
  if (typeof error.query === 'string' && error.message.startsWith('Failed query: ')) return `Failed query: ${error.query}`;
  const message = redactUrlsInText(error.message.replace(DRIZZLE_PARAMS, ''));
  return isDatabaseError(error) ? messageWithoutValues(message) : message;
}

/** The stack's first line repeats the message as it was at construction: rebuilt from the safe one. */
function safeStack(error: ErrorLike, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  const frames = error.stack.indexOf('\n    at ');
  const header = `${error.name}: ${message}`;
  return frames === -1 ? header : header + error.stack.slice(frames);
}

/** A copy of `error` (same prototype, so the logged type name is kept) without values; causes too. */
function safeCopy(error: ErrorLike, seen: Set<unknown>): ErrorLike {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as ErrorLike;
  seen.add(error);
  const database = isDatabaseError(error);
  for (const key of Object.keys(error)) {
    if (VALUE_KEYS.has(key)) continue;
    const value = error[key];
    if (database && (VALUE_ECHOING_FIELDS as readonly string[]).includes(key) && typeof value === 'string') {
      copy[key] = withoutEchoedValues(value);
    } else if (key === 'errors' && Array.isArray(value)) {
      copy[key] = value.map((item) => (isErrorLike(item) && !seen.has(item) ? safeCopy(item, seen) : item));
    } else {
      copy[key] = isErrorLike(value) && !seen.has(value) ? safeCopy(value, seen) : value;
    }
  }
  const message = safeMessage(error);
  Object.defineProperty(copy, 'name', { value: error.name, enumerable: false });
  Object.defineProperty(copy, 'message', { value: message, enumerable: false });
  Object.defineProperty(copy, 'stack', { value: safeStack(error, message), enumerable: false });
  if (isErrorLike(error.cause) && !seen.has(error.cause)) {
    Object.defineProperty(copy, 'cause', { value: safeCopy(error.cause, seen), enumerable: false });
  }
  return copy;
}

/** Fields of a PostgreSQL error worth reading in a log (none of them holds a value once copied). */
const DIAGNOSTIC_FIELDS = ['code', 'severity', 'constraint', 'schema', 'table', 'column', 'dataType', 'routine', 'detail', 'hint', 'where'] as const;

/**
 * The PostgreSQL error of a failed query, often a `cause` of the query builder's error: the
 * standard serializer keeps only a cause's message and stack, so its SQL state and constraint
 * are lifted into `db`.
 */
function databaseDiagnostics(error: ErrorLike): Record<string, unknown> | undefined {
  const seen = new Set<unknown>();
  for (let current: unknown = error; isErrorLike(current) && !seen.has(current); current = current.cause) {
    seen.add(current);
    if (typeof current.code === 'string' && SQLSTATE.test(current.code)) {
      const found = current;
      return Object.fromEntries(DIAGNOSTIC_FIELDS.filter((key) => found[key] !== undefined && found[key] !== '').map((key) => [key, found[key]]));
    }
  }
  return undefined;
}

/** pino `err` serializer: the standard one, applied to a copy stripped of query values. */
export function serializeError(error: Error): SerializedError {
  // Anything logged under `err` that is not error-like is passed through as pino would.
  if (!isErrorLike(error)) return stdSerializers.err(error);
  const copy = safeCopy(error, new Set());
  const serialized = stdSerializers.err(copy);
  const db = databaseDiagnostics(copy);
  if (db) serialized.db = db;
  return serialized;
}
