/**
 * The knowledge fetch circuit breaker (spec 001 §4, §9): closed; open after 5 failures in a row;
 * half-open 60 s later, when one trial call decides: success closes it, failure opens it again.
 * While open, calls fail at once instead of piling more load on a struggling server.
 */
export type CircuitState = 'closed' | 'open' | 'half-open';

export const CIRCUIT_FAILURE_THRESHOLD = 5;
export const CIRCUIT_RESET_AFTER_MS = 60_000;

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(
    private readonly threshold = CIRCUIT_FAILURE_THRESHOLD,
    private readonly resetAfterMs = CIRCUIT_RESET_AFTER_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get state(): CircuitState {
    if (this.openedAt === null) return 'closed';
    return this.now() - this.openedAt >= this.resetAfterMs ? 'half-open' : 'open';
  }

  /** Whether a call may go out now; in half-open only one trial call at a time. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  recordSuccess(): void {
    this.failures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  recordFailure(): void {
    this.trialInFlight = false;
    if (this.openedAt !== null) {
      // The half-open trial failed: wait another full period.
      this.openedAt = this.now();
      return;
    }
    this.failures += 1;
    if (this.failures >= this.threshold) this.openedAt = this.now();
  }

  reset(): void {
    this.recordSuccess();
  }
}
