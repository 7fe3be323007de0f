/**
 * Run a file-processing task in a capped process: `sandbox.run(taskModuleUrl, input)`.
 *
 * A task module exports `runTask(input)`; input and output cross a process boundary (structured
 * clone: plain data, strings, Buffers). Each task gets a process of its own for its duration, with
 * a memory cap (heap and resident memory) and a wall-clock limit; past either, the process is
 * killed and the task rejects with SandboxLimitError. A process that dies otherwise rejects with
 * SandboxCrashError; an error the task throws comes back as SandboxTaskError with its name. The
 * server itself is never at risk: whatever the input does happens in another process.
 *
 * Processes are started on demand (up to `concurrency`), reused for later tasks while they stay
 * small, and stopped when idle. Used by document text extraction (services/knowledge); written
 * so creative-asset thumbnailing can use it too.
 */
import { SandboxUnavailableError } from './sandbox-errors';
import { SandboxProcess } from './sandbox-process';

export * from './sandbox-errors';

export interface SandboxOptions {
  /** Tasks (processes) at once; more tasks wait their turn. */
  concurrency: number;
  /** Per process: resident memory and JavaScript heap, MiB. */
  maxMemoryMb: number;
  /** Per task, wall clock, from the moment a process takes it. */
  timeoutMs: number;
  /** An idle process is stopped after this (default 30 s). */
  idleMs?: number;
  /** A process is replaced after this many tasks, bounding leaks in parsing libraries (default 200). */
  maxTasksPerProcess?: number;
  /** Longest a new process may take to start (default 30 s). */
  bootTimeoutMs?: number;
  /**
   * Packages each process imports natively when it starts, before the TypeScript loader: large
   * plain-JavaScript libraries the tasks use (loaded through tsx, pdf.js took 200 MB more and
   * seconds longer), and their loading is not counted against a task's time.
   */
  preload?: string[];
}

export interface Sandbox {
  /** `module`: file URL of a task module. Rejects as described above; `signal` stops the task (SandboxAbortedError). */
  run<Output>(module: URL | string, input: unknown, options?: { signal?: AbortSignal }): Promise<Output>;
  /** Kills every process; running and waiting tasks reject with SandboxUnavailableError. */
  close(): Promise<void>;
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const limits = { maxMemoryMb: options.maxMemoryMb, timeoutMs: options.timeoutMs };
  const processOptions = { ...limits, preload: options.preload, bootTimeoutMs: options.bootTimeoutMs ?? 30_000 };
  const idleMs = options.idleMs ?? 30_000;
  const maxTasks = options.maxTasksPerProcess ?? 200;
  const idle: SandboxProcess[] = [];
  const all = new Set<SandboxProcess>();
  const waiting: (() => void)[] = [];
  let lent = 0;
  let closed = false;

  const wakeOne = () => waiting.shift()?.();

  const retire = (child: SandboxProcess) => {
    child.stop();
    all.delete(child);
    const index = idle.indexOf(child);
    if (index >= 0) idle.splice(index, 1);
  };

  const acquire = async (): Promise<SandboxProcess> => {
    for (;;) {
      if (closed) throw new SandboxUnavailableError('The sandbox is closed');
      const reusable = idle.pop();
      if (reusable) {
        if (!reusable.alive) {
          all.delete(reusable);
          continue;
        }
        lent += 1;
        return reusable;
      }
      if (lent < options.concurrency) {
        lent += 1;
        try {
          const started = await SandboxProcess.start(processOptions);
          if (closed) {
            started.stop();
            throw new SandboxUnavailableError('The sandbox is closed');
          }
          all.add(started);
          return started;
        } catch (error) {
          lent -= 1;
          wakeOne();
          throw error;
        }
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };

  /** Back to the idle list if it is healthy and still small, else stopped; then the next waiter goes. */
  const release = (child: SandboxProcess) => {
    // Memory a big task grew to stays with the process; a fresh one gives the next task its full allowance.
    const small = child.residentBytesAfterTask < (limits.maxMemoryMb * 1024 * 1024) / 2;
    if (!closed && child.alive && small && child.tasksRun < maxTasks) {
      idle.push(child);
      child.stopWhenIdleFor(idleMs, () => retire(child));
    } else {
      retire(child);
    }
    lent -= 1;
    wakeOne();
  };

  return {
    async run<Output>(module: URL | string, input: unknown, runOptions: { signal?: AbortSignal } = {}): Promise<Output> {
      const child = await acquire();
      try {
        return (await child.run(String(module), input, runOptions.signal)) as Output;
      } finally {
        release(child);
      }
    },

    async close() {
      closed = true;
      for (const child of all) child.stop();
      all.clear();
      idle.length = 0;
      while (waiting.length > 0) wakeOne();
    },
  };
}
