/** Stopping a server started as a child process, the way the browser tests and the benches do. */
import type { ChildProcess } from 'node:child_process';

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`; nothing for a process that has already exited. */
export async function stopGracefully(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
