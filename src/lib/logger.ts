/**
 * Frontend log buffer (spec 000 §3, §9): the last 1000 entries stay in memory for diagnostics,
 * oldest dropped first. The POST /logging/frontend transport exists on the server but is disabled
 * in the product, so nothing is ever sent from here.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogEntry {
  timestamp: string;
  level: LogLevel;
  message: string;
  context?: Record<string, unknown>;
}

export const LOG_BUFFER_LIMIT = 1000;
export const CHAT_PREVIEW_LENGTH = 100;
/** Relative to the API base. Kept for reference: remote logging is disabled (spec 000 §7). */
export const FRONTEND_LOG_ENDPOINT = '/logging/frontend';
export const REMOTE_LOGGING_ENABLED = false;

const buffer: LogEntry[] = [];

// Mirror problems to the console while developing; tests and production stay quiet.
const mirrorToConsole = import.meta.env.DEV && import.meta.env.MODE !== 'test';

function record(level: LogLevel, message: string, context?: Record<string, unknown>): LogEntry {
  const entry: LogEntry = { timestamp: new Date().toISOString(), level, message };
  if (context !== undefined) entry.context = context;
  buffer.push(entry);
  if (buffer.length > LOG_BUFFER_LIMIT) buffer.splice(0, buffer.length - LOG_BUFFER_LIMIT);
  if (mirrorToConsole && (level === 'warn' || level === 'error')) console[level](message, context ?? '');
  return entry;
}

export const logger = {
  debug: (message: string, context?: Record<string, unknown>) => record('debug', message, context),
  info: (message: string, context?: Record<string, unknown>) => record('info', message, context),
  warn: (message: string, context?: Record<string, unknown>) => record('warn', message, context),
  error: (message: string, context?: Record<string, unknown>) => record('error', message, context),
  /** A copy of the buffer, oldest first. */
  entries: (): LogEntry[] => buffer.slice(),
  clear: (): void => {
    buffer.length = 0;
  },
};

/** Chat messages are logged as previews only, never in full (spec 000 §9: 100 characters). */
export function chatPreview(text: string): string {
  return text.length > CHAT_PREVIEW_LENGTH ? text.slice(0, CHAT_PREVIEW_LENGTH) : text;
}

/** Describes an unknown thrown value for a log context without leaking whole objects. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
