/**
 * Resident memory of a process sampled at a fixed interval, and whether it is flat.
 *
 * "Flat" is judged on the samples after a warm-up (the first quarter of the run: code being
 * optimised, pools and caches filling, the heap finding its size). Over those, the growth rate is
 * the Theil–Sen slope (the median of the slopes between every pair of samples), which a garbage
 * collector's saw-tooth does not sway the way it sways a least-squares line. The run is flat when
 * that slope is at most `maxSlopeMiBPerMinute`.
 */
export interface RssSample {
  /** Seconds since sampling started. */
  atSeconds: number;
  rssMiB: number;
}

export interface RssSummary {
  samples: RssSample[];
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
export function theilSenSlope(samples: readonly RssSample[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < samples.length; i += 1) {
    for (let j = i + 1; j < samples.length; j += 1) {
      const dt = samples[j]!.atSeconds - samples[i]!.atSeconds;
      if (dt > 0) slopes.push((samples[j]!.rssMiB - samples[i]!.rssMiB) / dt);
    }
  }
  if (slopes.length === 0) return 0;
  slopes.sort((a, b) => a - b);
  const middle = Math.floor(slopes.length / 2);
  return slopes.length % 2 ? slopes[middle]! : (slopes[middle - 1]! + slopes[middle]!) / 2;
}

export function summarise(samples: readonly RssSample[]): RssSummary {
  const values = samples.map((sample) => sample.rssMiB);
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

/** Samples `read()` every `intervalMs` until stopped; `onSample` sees each one (to print it). */
export function sampleRss(read: () => number, intervalMs: number, onSample?: (sample: RssSample) => void): { stop(): RssSummary } {
  const startedAt = performance.now();
  const samples: RssSample[] = [];
  const take = () => {
    const rssMiB = read();
    if (Number.isNaN(rssMiB)) return;
    const sample = { atSeconds: (performance.now() - startedAt) / 1000, rssMiB };
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
