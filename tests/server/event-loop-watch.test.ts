import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { watchEventLoop } from '../../server/src/event-loop-watch';

/** A logger that keeps what was warned. */
function recordingLogger(): { log: FastifyBaseLogger; warnings: Array<{ heldMs: number; msg: string }> } {
  const warnings: Array<{ heldMs: number; msg: string }> = [];
  const log = { warn: (fields: { heldMs: number }, msg: string) => warnings.push({ ...fields, msg }) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

/** Holds the event loop, as a long synchronous statement would. */
function holdLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

const nextTicks = (count: number) => new Promise((resolve) => setTimeout(resolve, 260 * count));

describe('event loop watch', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('warns with how long the loop was held when it was held past the threshold', async () => {
    const { log, warnings } = recordingLogger();
    stop = watchEventLoop(log, 400);
    holdLoop(1_200);
    await nextTicks(2);
    // The hold began at most one tick (250 ms) after the last look at the clock.
    expect(warnings.some((warning) => warning.heldMs >= 950 && warning.msg === 'event loop held')).toBe(true);
  });

  it('says nothing once stopped, and nothing with a threshold of 0', async () => {
    const { log, warnings } = recordingLogger();
    watchEventLoop(log, 400)();
    const stopOff = watchEventLoop(log, 0);
    holdLoop(800);
    await nextTicks(2);
    stopOff();
    expect(warnings).toEqual([]);
  });
});
