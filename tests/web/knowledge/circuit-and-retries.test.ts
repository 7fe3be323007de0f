import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api';
import { CircuitBreaker } from '../../../src/features/knowledge/circuit-breaker';
import { CircuitOpenError, knowledgeErrorMessage } from '../../../src/features/knowledge/knowledge-errors';
import { KB_TIMEOUT_MS, backoffDelay, knowledgeFetch } from '../../../src/features/knowledge/knowledge-fetch';

const serverDown = () => new ApiError('Internal server error', 500, 'INTERNAL_ERROR', { detail: 'Internal server error' });
const offline = () => new ApiError('Network error - please check your connection', null, 'NETWORK_ERROR');

describe('knowledge fetch policy (spec 001 §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('backs off from 1 s, doubling, capped at 8 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('retries a transient failure up to 3 times with backoff, then succeeds', async () => {
    const circuit = new CircuitBreaker();
    const attempts: number[] = [];
    const call = vi.fn(async (timeoutMs: number) => {
      attempts.push(Date.now());
      expect(timeoutMs).toBe(KB_TIMEOUT_MS);
      if (attempts.length < 4) throw serverDown();
      return 'ok';
    });
    const result = knowledgeFetch(call, { circuit });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('ok');
    expect(call).toHaveBeenCalledTimes(4);
    expect(attempts.slice(1).map((at, index) => at - attempts[index]!)).toEqual([1000, 2000, 4000]);
  });

  it('gives up after 3 retries with the last error', async () => {
    const circuit = new CircuitBreaker(100);
    const call = vi.fn(async () => {
      throw offline();
    });
    const result = knowledgeFetch(call, { circuit });
    const settled = expect(result).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await vi.runAllTimersAsync();
    await settled;
    expect(call).toHaveBeenCalledTimes(4);
  });

  it('does not retry an answer from the server about the request (4xx)', async () => {
    const call = vi.fn(async () => {
      throw new ApiError('Validation error', 422, 'VALIDATION_ERROR', { detail: 'Validation error' });
    });
    await expect(knowledgeFetch(call, { circuit: new CircuitBreaker() })).rejects.toMatchObject({ status: 422 });
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('knowledge circuit breaker (spec 001 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const failingCall = vi.fn(async () => {
    throw serverDown();
  });

  it('opens after 5 failures and then refuses calls without sending them', async () => {
    const circuit = new CircuitBreaker();
    for (let index = 0; index < 5; index += 1) {
      await expect(knowledgeFetch(failingCall, { circuit, retries: 0 })).rejects.toBeInstanceOf(ApiError);
    }
    expect(circuit.state).toBe('open');
    const call = vi.fn(async () => 'never');
    const refused = knowledgeFetch(call, { circuit });
    await expect(refused).rejects.toBeInstanceOf(CircuitOpenError);
    await expect(knowledgeFetch(call, { circuit })).rejects.toThrow('Too many failed requests. Please wait a moment before trying again.');
    expect(call).not.toHaveBeenCalled();
  });

  it('goes half-open after 60 s: one trial call; success closes it', async () => {
    const circuit = new CircuitBreaker();
    for (let index = 0; index < 5; index += 1) circuit.recordFailure();
    vi.advanceTimersByTime(59_999);
    expect(circuit.state).toBe('open');
    vi.advanceTimersByTime(1);
    expect(circuit.state).toBe('half-open');
    let release!: (value: string) => void;
    const trial = knowledgeFetch(() => new Promise<string>((resolve) => (release = resolve)), { circuit });
    // While the trial is out, other calls are still refused.
    await expect(knowledgeFetch(async () => 'second', { circuit })).rejects.toBeInstanceOf(CircuitOpenError);
    release('first');
    await expect(trial).resolves.toBe('first');
    expect(circuit.state).toBe('closed');
  });

  it('a failed trial opens it for another 60 s', async () => {
    const circuit = new CircuitBreaker();
    for (let index = 0; index < 5; index += 1) circuit.recordFailure();
    vi.advanceTimersByTime(60_000);
    await expect(knowledgeFetch(failingCall, { circuit, retries: 0 })).rejects.toBeInstanceOf(ApiError);
    expect(circuit.state).toBe('open');
    vi.advanceTimersByTime(60_000);
    expect(circuit.state).toBe('half-open');
  });

  it('maps failures to the knowledge texts of spec 001 §8', () => {
    expect(knowledgeErrorMessage(new ApiError('x', null, 'TIMEOUT_ERROR'))).toBe('Request timed out - your documents may still be processing in the background');
    expect(knowledgeErrorMessage(offline())).toBe('Connection issue - please check your internet connection');
    expect(knowledgeErrorMessage(new ApiError('x', 401, 'UNAUTHORIZED'))).toBe('Authentication required - please refresh the page and try again');
    expect(knowledgeErrorMessage(new ApiError('x', 403, 'FORBIDDEN'))).toBe('Authentication required - please refresh the page and try again');
    expect(knowledgeErrorMessage(new ApiError('x', 503, 'HTTP_ERROR'))).toBe("Server is temporarily unavailable - we'll retry automatically");
    expect(knowledgeErrorMessage(new CircuitOpenError())).toBe('Too many failed requests. Please wait a moment before trying again.');
    expect(knowledgeErrorMessage(new ApiError('Resource not found', 404, 'NOT_FOUND', { detail: 'Document not found' }))).toBe('Document not found');
  });
});
