/**
 * One place that imports the shell chunk, so the lazy component and the early preload share it.
 */
import type * as AppShellModule from './AppShell';

let shellChunk: Promise<typeof AppShellModule> | null = null;

export function loadAppShell(): Promise<typeof AppShellModule> {
  shellChunk ??= import('./AppShell').catch((error: unknown) => {
    // A failed download (e.g. offline before the worker cached it) may be retried on the next render.
    shellChunk = null;
    throw error;
  });
  return shellChunk;
}
