/** Messages between a sandbox process and its parent (IPC with structured-clone serialisation). */

/** Parent → child: run the `runTask` export of `module` (a file URL) on `input`. */
export interface TaskRequest {
  id: number;
  module: string;
  input: unknown;
}

/**
 * Child → parent. `ready` once the process can take tasks; then one answer per request, with the
 * process's resident memory after the task (whether it is small enough to keep for the next one).
 */
export type ChildMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; output: unknown; residentBytes: number }
  | { type: 'failed'; id: number; error: { name: string; message: string }; residentBytes: number };

/** What a task module exports: one function from a cloneable input to a cloneable output. */
export interface SandboxTaskModule {
  runTask(input: unknown): Promise<unknown> | unknown;
}
