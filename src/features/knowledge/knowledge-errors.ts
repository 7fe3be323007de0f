import { ApiError } from '../../api';
import { KB_TEXT } from './knowledge.messages';

/** Raised without calling when the circuit breaker is open. */
export class CircuitOpenError extends Error {
  override name = 'CircuitOpenError';
  constructor() {
    super(KB_TEXT.circuitOpen);
  }
}

/** Failures worth retrying: no answer in time, no connection, or the server's own trouble (5xx). */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'TIMEOUT_ERROR' || error.code === 'NETWORK_ERROR') return true;
  return error.status !== null && error.status >= 500;
}

/**
 * The knowledge base's own words for a failure (spec 001 §8). A server detail is shown for the
 * other 4xx answers (409, 413, 415, 422…) because it says exactly what to fix.
 */
export function knowledgeErrorMessage(error: unknown): string {
  if (error instanceof CircuitOpenError) return KB_TEXT.circuitOpen;
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'TIMEOUT_ERROR') return KB_TEXT.timeout;
  if (error.code === 'NETWORK_ERROR') return KB_TEXT.network;
  if (error.status === 401 || error.status === 403) return KB_TEXT.auth;
  if (error.status === 404) return error.serverDetail && !/space/i.test(error.serverDetail) ? error.serverDetail : error.message;
  if (error.status !== null && error.status >= 500) return KB_TEXT.server;
  return error.serverDetail ?? error.fieldErrors[0]?.message ?? error.message;
}
