/**
 * One sandbox process: a Node child process that runs tasks one at a time under hard limits.
 *
 * Why a process and not a worker thread: a worker's `resourceLimits` caps only its JavaScript
 * heap. Parsers keep decoded data in ArrayBuffers outside that heap — a 1 MB PDF whose page
 * stream inflates to 1 GB made pdf.js hold 2.1 GB of them under a 256 MB heap cap — and a thread
 * shares the server's address space, so that memory would take the server down. A child process
 * has its own heap cap (`--max-old-space-size`), its resident memory is watched from here and the
 * process is killed past the cap, and whatever kills it (the OS included) leaves the server alone.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  SandboxAbortedError,
  SandboxCrashError,
  SandboxLimitError,
  SandboxTaskError,
  SandboxUnavailableError,
} from './sandbox-errors';
import type { ChildMessage, TaskRequest } from './sandbox-protocol';

export interface SandboxProcessLimits {
  /** Resident memory of the whole process, and its JavaScript heap, in MiB. */
  maxMemoryMb: number;
  /** Wall-clock time of one task. */
  timeoutMs: number;
}

export interface SandboxProcessOptions extends SandboxProcessLimits {
  /** Packages the process imports natively at start (large plain-JavaScript libraries the tasks use). */
  preload?: string[];
  bootTimeoutMs: number;
}

/** The child's entry (plain JavaScript, so it needs no loader to start). */
const CHILD_ENTRY = fileURLToPath(new URL('./sandbox-child.mjs', import.meta.url));
/**
 * Running from TypeScript source (tsx in production and dev, vitest in tests): the child registers
 * tsx itself for the task modules. The parent's own loader flags are not inherited (under vitest
 * there are none a plain Node child could use). Compiled to JavaScript, nothing is registered.
 */
const FROM_TYPESCRIPT = import.meta.url.endsWith('.ts');

/** Only what Node and tsx need: the sandbox never sees database URLs or keys. */
function childEnvironment(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'TZ', 'SYSTEMROOT'];
  return Object.fromEntries(keep.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]]));
}

/** Resident memory of a process from /proc (Linux); null where that is not available. */
async function residentBytesOf(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** How often resident memory is read while a task runs: fast parsers grow by tens of MB per second. */
const MEMORY_CHECK_MS = 100;
/** V8's own message when the heap cap is reached (the process then aborts). */
const HEAP_EXHAUSTED = /heap out of memory|heap limit/i;
const STDERR_TAIL_CHARS = 4_000;

type KillReason = 'time' | 'memory' | 'aborted' | 'stopped';

interface RunningTask {
  id: number;
  resolve(output: unknown): void;
  reject(error: Error): void;
  signal?: AbortSignal;
}

export class SandboxProcess {
  tasksRun = 0;
  /** Resident memory after the last task, as the process reported it. */
  residentBytesAfterTask = 0;
  private nextId = 1;
  private stderrTail = '';
  private exited = false;
  private killReason: KillReason | undefined;
  private running: RunningTask | undefined;
  private boot: { resolve(): void; reject(error: Error): void } | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly child: ChildProcess,
    private readonly limits: SandboxProcessLimits,
  ) {
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    child.on('message', (message: ChildMessage) => this.onMessage(message));
    child.on('exit', (code, signal) => this.onExit(code, signal));
    // A failed spawn or send; the process exits (or never started) and that is handled there.
    child.on('error', (error) => this.failBoot(error.message));
  }

  /** Starts a process and waits until it can take tasks. */
  static async start(options: SandboxProcessOptions): Promise<SandboxProcess> {
    const { bootTimeoutMs, ...limits } = options;
    let child: ChildProcess;
    try {
      child = fork(CHILD_ENTRY, [JSON.stringify({ preload: options.preload ?? [], typescript: FROM_TYPESCRIPT })], {
        execArgv: [`--max-old-space-size=${limits.maxMemoryMb}`],
        env: childEnvironment(),
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
    } catch (error) {
      throw new SandboxUnavailableError(`The sandbox process could not be started: ${(error as Error).message}`);
    }
    const sandbox = new SandboxProcess(child, limits);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => sandbox.failBoot(`no answer within ${bootTimeoutMs} ms`), bootTimeoutMs);
      sandbox.boot = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
    sandbox.setIdle(true);
    return sandbox;
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** Runs one task; rejects with a SandboxLimitError, SandboxCrashError, SandboxAbortedError or the task's own error. */
  run(module: string, input: unknown, signal?: AbortSignal): Promise<unknown> {
    if (this.running) return Promise.reject(new Error('A sandbox process runs one task at a time'));
    if (this.exited) return Promise.reject(new SandboxUnavailableError('The sandbox process has exited'));
    if (signal?.aborted) return Promise.reject(new SandboxAbortedError(signal.reason));
    this.tasksRun += 1;
    this.setIdle(false);
    const request: TaskRequest = { id: this.nextId++, module, input };
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => this.kill('time'), this.limits.timeoutMs);
      let checking = false;
      const memoryWatch = setInterval(() => {
        if (checking || !this.child.pid) return;
        checking = true;
        void residentBytesOf(this.child.pid).then((bytes) => {
          checking = false;
          if (bytes !== null && bytes > this.limits.maxMemoryMb * 1024 * 1024) this.kill('memory');
        });
      }, MEMORY_CHECK_MS);
      const onAbort = () => this.kill('aborted');
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => {
        clearTimeout(timer);
        clearInterval(memoryWatch);
        signal?.removeEventListener('abort', onAbort);
        this.running = undefined;
        this.setIdle(true);
      };
      this.running = {
        id: request.id,
        signal,
        resolve: (output) => {
          settle();
          resolve(output);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      };
      this.child.send(request, (error) => {
        if (error) this.kill('stopped');
      });
    });
  }

  /** Calls `onIdle` after `ms` without a task (cancelled by the next task or stop). */
  stopWhenIdleFor(ms: number, onIdle: () => void): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(onIdle, ms);
    this.idleTimer.unref();
  }

  /** Kills the process; a running task rejects with SandboxUnavailableError. */
  stop(): void {
    this.kill('stopped');
  }

  private kill(reason: KillReason): void {
    clearTimeout(this.idleTimer);
    if (this.exited) return;
    this.killReason ??= reason;
    this.child.kill('SIGKILL');
  }

  /** An idle process must not keep the server (or a test run) alive; a busy one is awaited anyway. */
  private setIdle(idle: boolean): void {
    if (idle) {
      this.child.unref();
      this.child.channel?.unref();
    } else {
      clearTimeout(this.idleTimer);
      this.child.ref();
      this.child.channel?.ref();
    }
    (this.child.stderr as { unref?: () => void } | null)?.unref?.();
  }

  private failBoot(reason: string): void {
    const boot = this.boot;
    if (!boot) return;
    this.boot = undefined;
    this.kill('stopped');
    boot.reject(new SandboxUnavailableError(`The sandbox process did not start: ${reason}${this.stderrTail ? `\n${this.stderrTail}` : ''}`));
  }

  private onMessage(message: ChildMessage): void {
    if (message.type === 'ready') {
      const boot = this.boot;
      this.boot = undefined;
      boot?.resolve();
      return;
    }
    const task = this.running;
    if (!task || message.id !== task.id) return;
    this.residentBytesAfterTask = message.residentBytes;
    if (message.type === 'done') task.resolve(message.output);
    else task.reject(new SandboxTaskError(message.error.name, message.error.message));
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.boot) this.failBoot(`it exited (code ${code}, signal ${signal})`);
    this.exited = true;
    clearTimeout(this.idleTimer);
    const task = this.running;
    if (!task) return;
    task.reject(this.exitError(code, signal, task));
  }

  private exitError(code: number | null, signal: NodeJS.Signals | null, task: RunningTask): Error {
    const { maxMemoryMb, timeoutMs } = this.limits;
    switch (this.killReason) {
      case 'time':
        return new SandboxLimitError('time', `The task ran longer than ${timeoutMs / 1000} s and was stopped`);
      case 'memory':
        return new SandboxLimitError('memory', `The task used more than ${maxMemoryMb} MB of memory and was stopped`);
      case 'aborted':
        return new SandboxAbortedError(task.signal?.reason);
      case 'stopped':
        return new SandboxUnavailableError('The sandbox was stopped while the task ran');
      default:
        if (HEAP_EXHAUSTED.test(this.stderrTail)) {
          return new SandboxLimitError('memory', `The task used more than ${maxMemoryMb} MB of memory and was stopped`);
        }
        return new SandboxCrashError(`The sandbox process exited (code ${code}, signal ${signal}) while running the task`, this.stderrTail);
    }
  }
}
