/** How a sandboxed task can end other than with its result (sandbox.ts). */

export type SandboxLimit = 'memory' | 'time';

/** The task went past a hard limit and its process was stopped. Running it again would do the same. */
export class SandboxLimitError extends Error {
  override name = 'SandboxLimitError';
  constructor(
    readonly limit: SandboxLimit,
    message: string,
  ) {
    super(message);
  }
}

/** The sandbox process died while running the task (a native crash, an abort): the input is suspect. */
export class SandboxCrashError extends Error {
  override name = 'SandboxCrashError';
  constructor(
    message: string,
    /** The last lines the process wrote to stderr, for the logs. */
    readonly stderrTail: string,
  ) {
    super(message);
  }
}

/** The task threw. `taskErrorName` is the thrown error's name, so callers can recognise their own errors. */
export class SandboxTaskError extends Error {
  override name = 'SandboxTaskError';
  constructor(
    readonly taskErrorName: string,
    message: string,
  ) {
    super(message);
  }
}

/** No sandbox process could be started (or the sandbox is closed): not the input's fault, worth retrying. */
export class SandboxUnavailableError extends Error {
  override name = 'SandboxUnavailableError';
}

/** The caller's signal stopped the task; `reason` is the signal's reason. */
export class SandboxAbortedError extends Error {
  override name = 'SandboxAbortedError';
  constructor(readonly reason: unknown) {
    super('The sandboxed task was stopped by its caller');
  }
}
