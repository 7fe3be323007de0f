/**
 * GETs started before the code that reads them has loaded.
 *
 * On a signed-in start a screen asks for its data from its components' effects, after its code has
 * downloaded and the shell and screen have rendered: on a phone the requests waited seconds behind
 * that work (docs/performance.md). Started as soon as the spaces are ready, they travel meanwhile.
 * The first `http.get` of the same path in the same space takes the answer; one nobody took within
 * EARLY_GET_MAX_AGE_MS is dropped, and so is every one waiting when the app writes anything, so
 * nobody reads an answer older than what they did.
 */
import { getCurrentSpaceId, onSessionReset } from '../session';

export const EARLY_GET_MAX_AGE_MS = 10_000;

interface EarlyGet {
  spaceId: string | null;
  startedAt: number;
  answer: Promise<unknown>;
}

const waiting = new Map<string, EarlyGet>();

/** Starts each GET (through `send`, the request pipeline) unless one for it is already waiting. */
export function startEarlyGets(paths: readonly string[], send: (path: string) => Promise<unknown>): void {
  const spaceId = getCurrentSpaceId();
  for (const path of paths) {
    const open = waiting.get(path);
    if (open && open.spaceId === spaceId && isFresh(open)) continue;
    const answer = send(path);
    // Nobody may take it: a failure must not surface as an unhandled rejection.
    answer.catch(() => undefined);
    waiting.set(path, { spaceId, startedAt: Date.now(), answer });
  }
}

/** The early answer for `path` in the current space, once: the next call asks the server again. */
export function takeEarlyGet<T>(path: string): Promise<T> | null {
  const early = waiting.get(path);
  if (!early) return null;
  waiting.delete(path);
  return early.spaceId === getCurrentSpaceId() && isFresh(early) ? (early.answer as Promise<T>) : null;
}

/** After a write (POST, PUT, PATCH, DELETE, upload): the answers on their way may be out of date. */
export function dropEarlyGets(): void {
  waiting.clear();
}

function isFresh(early: EarlyGet): boolean {
  return Date.now() - early.startedAt <= EARLY_GET_MAX_AGE_MS;
}

// A signed-out device keeps nothing of the person, answers on their way included.
onSessionReset(dropEarlyGets);
