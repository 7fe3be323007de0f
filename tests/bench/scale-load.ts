/**
 * One endpoint under load for the scale bench: autocannon at the given connections for the given
 * time, every answer's latency kept (autocannon's own summary has no 95th percentile).
 */
import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Answers other than 2xx, errors and time-outs: each is a failure of the endpoint. */
  failures: number;
}

export async function loadEndpoint(options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: options.url, headers: options.headers, connections: options.connections, duration: options.durationSeconds, timeout: 10 },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const sorted = Float64Array.from(latencies).sort();
  const percentile = (share: number) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!));
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / options.durationSeconds),
    p50Ms: percentile(0.5),
    p95Ms: percentile(0.95),
    maxMs: percentile(1),
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
