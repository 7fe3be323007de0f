/**
 * API reads a page made before the service worker controlled it, asked again once it does.
 *
 * The worker is registered after the first page's load and claims that page when its first install
 * finishes, which on a first visit comes after the sign-in, the spaces and often the first screens:
 * those answers went straight to the network and never reached the worker's cache, so an offline
 * start later in that same session found nothing to start from. Whatever order things happened in,
 * the reads the worker would have kept are noted while no worker controls the page and asked again
 * (through it, so it keeps them) the moment one takes control.
 */
import { isCacheableApiGet, pathOnly, pathRulesFor } from '../contract/paths';

/** A first visit makes a few dozen reads at most; the oldest go first beyond this. */
export const MAX_READS_REMEMBERED = 100;

interface NotedRead {
  path: string;
  /** The space it was asked in (null for reads that take no space: /me, the spaces list). */
  spaceId: string | null;
}

const noted = new Map<string, NotedRead>();

function workerContainer(): ServiceWorkerContainer | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
}

/** Whether this page runs without a worker in control yet, in a browser that has workers. */
function awaitingWorker(): boolean {
  const container = workerContainer();
  return container !== undefined && container !== null && !container.controller;
}

/**
 * Called by the request layer for every request it sends (`path` relative to the API base, query
 * included). Keeps the GETs the worker would have stored, while no worker controls the page.
 */
export function noteReadBeforeControl(method: string, path: string, spaceId: string | null): void {
  if (method !== 'GET' || !awaitingWorker() || !isCacheableApiGet(pathOnly(path))) return;
  const space = pathRulesFor(path).spaceHeader ? spaceId : null;
  const key = `${space ?? ''} ${path}`;
  noted.delete(key);
  noted.set(key, { path, spaceId: space });
  if (noted.size > MAX_READS_REMEMBERED) noted.delete(noted.keys().next().value as string);
}

/** The session ended: its reads belong to nobody now. */
export function forgetReadsBeforeControl(): void {
  noted.clear();
}

/**
 * Once a worker first takes control of this page, `ask` each noted read again (through the request
 * layer, so with the session's token and the current space). A read noted in another space than
 * the current one is left: the space switch that followed asked that space's screens anew.
 */
export function askReadsAgainWhenWorkerControls(ask: (path: string) => Promise<unknown>, currentSpaceId: () => string | null): void {
  const container = workerContainer();
  if (!container || container.controller) return;
  container.addEventListener(
    'controllerchange',
    () => {
      const reads = [...noted.values()];
      noted.clear();
      const space = currentSpaceId();
      for (const read of reads) {
        if (read.spaceId !== null && read.spaceId !== space) continue;
        // A failure here changes nothing: the screen's own data is already on screen.
        ask(read.path).catch(() => undefined);
      }
    },
    { once: true },
  );
}
