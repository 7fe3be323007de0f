import { CircuitBreaker } from './circuit-breaker';
import { CircuitOpenError, isTransient } from './knowledge-errors';

/** Knowledge fetch policy (spec 001 §9). */
export const KB_TIMEOUT_MS = 30_000;
export const KB_MAX_RETRIES = 3;
export const KB_BACKOFF_START_MS = 1_000;
export const KB_BACKOFF_CAP_MS = 8_000;

/** 1 s, 2 s, 4 s, … doubling, never more than 8 s. */
export function backoffDelay(retry: number): number {
  return Math.min(KB_BACKOFF_START_MS * 2 ** retry, KB_BACKOFF_CAP_MS);
}

/** One breaker for every knowledge call of this tab: they share the same server and fate. */
export const knowledgeCircuit = new CircuitBreaker();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface KnowledgeFetchOptions {
  /** Off for calls that must not repeat on their own (a commit is checked server-side anyway). */
  retries?: number;
  circuit?: CircuitBreaker;
}

/**
 * Runs one knowledge call under the policy: refused at once while the circuit is open; transient
 * failures (time-out, network, 5xx) retried up to 3 times with backoff; every failed attempt
 * counts towards opening the circuit. A 4xx is the caller's answer, not a failure of the server:
 * it is neither retried nor counted.
 */
export async function knowledgeFetch<T>(call: (timeoutMs: number) => Promise<T>, options: KnowledgeFetchOptions = {}): Promise<T> {
  const circuit = options.circuit ?? knowledgeCircuit;
  const retries = options.retries ?? KB_MAX_RETRIES;
  for (let attempt = 0; ; attempt += 1) {
    if (!circuit.tryAcquire()) throw new CircuitOpenError();
    try {
      const result = await call(KB_TIMEOUT_MS);
      circuit.recordSuccess();
      return result;
    } catch (error) {
      if (!isTransient(error)) {
        circuit.recordSuccess();
        throw error;
      }
      circuit.recordFailure();
      if (attempt >= retries) throw error;
      await sleep(backoffDelay(attempt));
    }
  }
}
