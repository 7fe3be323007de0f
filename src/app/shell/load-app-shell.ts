/**
 * One place that imports the shell chunk, so the lazy component and the early preload share it.
 */
let shellChunk: Promise<typeof import('./AppShell')> | null = null;

export function loadAppShell(): Promise<typeof import('./AppShell')> {
  shellChunk ??= import('./AppShell').catch((error: unknown) => {
    // A failed download (e.g. offline before the worker cached it) may be retried on the next render.
    shellChunk = null;
    throw error;
  });
  return shellChunk;
}
