import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../../src/pwa/when-idle';
import { updateState } from '../../../src/pwa/update.store';

describe('whenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    updateState.applying = false;
  });
  afterEach(() => {
    vi.useRealTimers();
    updateState.applying = false;
  });

  it('runs the work once the browser is idle, and not if cancelled first', () => {
    const run = vi.fn();
    const cancelled = vi.fn();
    whenIdle(run, 2_000);
    whenIdle(cancelled, 2_000)();
    vi.advanceTimersByTime(2_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('drops work that comes due while a new version takes over (the page is about to reload)', () => {
    const run = vi.fn();
    whenIdle(run, 2_000);
    updateState.applying = true;
    vi.advanceTimersByTime(2_000);
    expect(run).not.toHaveBeenCalled();
  });
});
