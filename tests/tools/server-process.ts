/**
 * The real server as its own operating-system process, for the fault suite and the benches:
 * started on a free loopback port with the environment given, stopped gracefully (SIGTERM) or
 * killed outright (SIGKILL, nothing cleaned up), and measured from outside (resident memory as the
 * kernel counts it, in /proc/<pid>/status).
 *
 * The process is what `npm start` runs after the client build: `node server/scripts/start-server.mjs`
 * (server/src compiled to JavaScript, run by node), so the suite tests, and the benches measure,
 * the server as it runs in production. It is one process whose pid is the server itself (the `tsx`
 * command would start a second node process and relay signals to it, so a SIGKILL would kill only
 * the relay and leave the server running as an orphan).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcessOptions {
  /** Environment on top of the defaults below (PORT and HOST are always chosen here). */
  env: Record<string, string>;
  /** Where the server's output goes: 'inherit' shows it, 'ignore' drops it. Default: inherit. */
  output?: 'inherit' | 'ignore';
  /** Gives up waiting for /api/v1/health after this long. Default 120 s (a busy 2-core machine). */
  startTimeoutMs?: number;
  /** Another script to run with node instead of the server (a bench's comparison server). */
  script?: string;
  /** Loads tests/tools/memory-probe.cjs into the process, for settledMemory(). */
  memoryProbe?: boolean;
}

/** A process's memory right after two full garbage collections (tests/tools/memory-probe.cjs). */
export interface SettledMemory {
  rssMiB: number;
  /** What is live in the JavaScript heap. */
  heapUsedMiB: number;
  /** Memory held for JavaScript objects outside the heap (buffers, WebAssembly memory). */
  externalMiB: number;
}

export interface ServerProcess {
  readonly baseUrl: string;
  readonly pid: number;
  /** Milliseconds from spawn to /api/v1/health answering 200. */
  readonly startMs: number;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  readonly exited: Promise<number | string>;
  /** True while the process runs. */
  isRunning(): boolean;
  /** Resident set size in MiB now (VmRSS), or NaN once the process has ended. */
  rssMiB(): number;
  /** The highest resident set size in MiB (VmHWM) since start or the last resetPeakRss(). */
  peakRssMiB(): number;
  /** Starts the peak over from the current size (Linux: writing 5 to /proc/<pid>/clear_refs). */
  resetPeakRss(): void;
  /** Memory after a full collection; only for a process started with `memoryProbe`. */
  settledMemory(): Promise<SettledMemory>;
  /** SIGKILL: the process dies at once, mid-work, with nothing flushed or released. */
  kill(): Promise<void>;
  /** SIGTERM and wait (SIGKILL after 15 s). Safe after kill(). */
  stop(): Promise<void>;
}

/** Environment every started server gets unless the caller overrides it. */
const BASE_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  // No client build is needed: the API alone is served.
  STATIC_DIR: path.join(ROOT, 'no-static-build-here'),
  DATABASE_URL: '',
  // Registration and sign-in of many test accounts from one address would hit the production limit.
  AUTH_RATE_LIMIT_MAX: '100000',
  // The C library's allocator settings `npm start` gives the server (package.json, explained in
  // server/scripts/start-server.mjs), overridable in the same way: the process measured is the
  // one that runs in production.
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ || '131072',
};

const MEMORY_PROBE = path.join(ROOT, 'tests/tools/memory-probe.cjs');
let probeRequests = 0;

function askMemoryProbe(child: ChildProcess): Promise<SettledMemory> {
  if (!child.send) return Promise.reject(new Error('the process was started without a memory probe'));
  const id = (probeRequests += 1);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error('the memory probe did not answer within 30 s')), 30_000);
    const onMessage = (message: { type?: string; id?: number } & SettledMemory) => {
      if (message.type === 'memory-probe' && message.id === id) finish(null, message);
    };
    const onExit = () => finish(new Error('the process ended before its memory probe answered'));
    function finish(error: Error | null, memory?: SettledMemory) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve({ rssMiB: memory!.rssMiB, heapUsedMiB: memory!.heapUsedMiB, externalMiB: memory!.externalMiB });
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send({ type: 'memory-probe', id });
  });
}

function statusField(pid: number, field: string): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before answering (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the server did not answer /api/v1/health within ${timeoutMs} ms`);
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const startedAt = performance.now();
  const probe = options.memoryProbe ? ['--expose-gc', '--require', MEMORY_PROBE] : [];
  const child = spawn(process.execPath, [...probe, options.script ?? path.join(ROOT, 'server/scripts/start-server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...BASE_ENV, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', options.output ?? 'inherit', options.output ?? 'inherit', ...(options.memoryProbe ? (['ipc'] as const) : [])],
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, options.startTimeoutMs ?? 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const startMs = performance.now() - startedAt;
  const pid = child.pid!;
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  return {
    baseUrl,
    pid,
    startMs,
    exited,
    isRunning,
    rssMiB: () => statusField(pid, 'VmRSS'),
    peakRssMiB: () => statusField(pid, 'VmHWM'),
    resetPeakRss: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    settledMemory: () => askMemoryProbe(child),
    async kill() {
      if (isRunning()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (isRunning()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
