/**
 * A process's memory sampled at a fixed interval, and whether it is flat.
 *
 * "Flat" is judged on the samples after a warm-up (the first quarter of the run: code being
 * optimised, pools and caches filling, the heap finding its size). Over those, the growth rate is
 * the Theil–Sen slope (the median of the slopes between every pair of samples), which a garbage
 * collector's saw-tooth does not sway the way it sways a least-squares line. The run is flat when
 * that slope is at most the caller's bound.
 *
 * Two ways to sample: `sampleRss` reads resident memory as the kernel counts it, at whatever point
 * of the collector's cycle the process happens to be (what an operator sees); `sampleSettledMemory`
 * asks a process started with a memory probe (server-process.ts) for its memory right after a full
 * collection, which is what a leak makes grow.
 */
import type { SettledMemory } from './server-process';

export interface MemorySample {
  /** Seconds since sampling started. */
  atSeconds: number;
  mib: number;
}

export interface MemorySummary {
  samples: MemorySample[];
  firstMiB: number;
  lastMiB: number;
  minMiB: number;
  maxMiB: number;
  /** Growth after the warm-up, MiB per minute (Theil–Sen). */
  slopeMiBPerMinute: number;
  /** Samples the slope was computed over. */
  judgedSamples: number;
}

export const WARM_UP_FRACTION = 0.25;

/** Median of the pairwise slopes (MiB per second), robust to periodic spikes. */
export function theilSenSlope(samples: readonly MemorySample[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < samples.length; i += 1) {
    for (let j = i + 1; j < samples.length; j += 1) {
      const dt = samples[j]!.atSeconds - samples[i]!.atSeconds;
      if (dt > 0) slopes.push((samples[j]!.mib - samples[i]!.mib) / dt);
    }
  }
  if (slopes.length === 0) return 0;
  slopes.sort((a, b) => a - b);
  const middle = Math.floor(slopes.length / 2);
  return slopes.length % 2 ? slopes[middle]! : (slopes[middle - 1]! + slopes[middle]!) / 2;
}

export function summarise(samples: readonly MemorySample[]): MemorySummary {
  const values = samples.map((sample) => sample.mib);
  const judged = samples.slice(Math.floor(samples.length * WARM_UP_FRACTION));
  return {
    samples: [...samples],
    firstMiB: values[0] ?? Number.NaN,
    lastMiB: values.at(-1) ?? Number.NaN,
    minMiB: Math.min(...values),
    maxMiB: Math.max(...values),
    slopeMiBPerMinute: theilSenSlope(judged) * 60,
    judgedSamples: judged.length,
  };
}

/** Samples `read()` (resident MiB) every `intervalMs` until stopped; `onSample` sees each one (to print it). */
export function sampleRss(read: () => number, intervalMs: number, onSample?: (sample: MemorySample) => void): { stop(): MemorySummary } {
  const startedAt = performance.now();
  const samples: MemorySample[] = [];
  const take = () => {
    const mib = read();
    if (Number.isNaN(mib)) return;
    const sample = { atSeconds: (performance.now() - startedAt) / 1000, mib };
    samples.push(sample);
    onSample?.(sample);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return summarise(samples);
    },
  };
}

export interface SettledMemorySummary {
  rss: MemorySummary;
  heapUsed: MemorySummary;
  external: MemorySummary;
}

/**
 * Asks `read()` for the settled memory every `intervalMs` (one question at a time: a collection
 * under load can take a while) until stopped. A probe that fails is skipped, not fatal: the
 * process's own health is judged elsewhere.
 */
export function sampleSettledMemory(read: () => Promise<SettledMemory>, intervalMs: number): { stop(): Promise<SettledMemorySummary> } {
  const startedAt = performance.now();
  const taken: { atSeconds: number; memory: SettledMemory }[] = [];
  let pending: Promise<void> = Promise.resolve();
  const take = () => {
    pending = pending.then(async () => {
      const memory = await read().catch(() => null);
      if (memory) taken.push({ atSeconds: (performance.now() - startedAt) / 1000, memory });
    });
  };
  take();
  const timer = setInterval(take, intervalMs);
  const series = (pick: (memory: SettledMemory) => number) => summarise(taken.map(({ atSeconds, memory }) => ({ atSeconds, mib: pick(memory) })));
  return {
    async stop() {
      clearInterval(timer);
      take();
      await pending;
      return { rss: series((memory) => memory.rssMiB), heapUsed: series((memory) => memory.heapUsedMiB), external: series((memory) => memory.externalMiB) };
    },
  };
}
