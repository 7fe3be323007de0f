/**
 * Wakes long polls when a session gets a new message or its run ends (docs/agents.md "Long poll
 * and waker"). In-process: a map of waiters per session, so 1,000 waiting polls cost one closure each.
 * Across processes on PostgreSQL: NOTIFY on one channel, and every process LISTENs on a dedicated
 * connection (db/notify-channel.ts). PGlite runs inside a single process (it cannot be opened by two), so there the
 * in-process path is the whole story.
 */
import type { Database } from '../../db/database';

export const WAKE_CHANNEL = 'mosaic_agent_session';

type Waiter = () => void;

export interface ReplyWaker {
  /** Resolves true when the session is woken, false after `timeoutMs` or when `signal` aborts. */
  wait(sessionId: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Wakes this process's waiters and, on PostgreSQL, every other process's. */
  wake(sessionId: string): Promise<void>;
  /** Number of polls currently waiting in this process (for tests and the benchmark). */
  waiting(): number;
  close(): Promise<void>;
}

interface Logger {
  warn(object: object, message: string): void;
}

export async function createReplyWaker(database: Database, logger: Logger): Promise<ReplyWaker> {
  const waiters = new Map<string, Set<Waiter>>();
  let count = 0;

  const wakeLocal = (sessionId: string) => {
    const set = waiters.get(sessionId);
    if (!set) return;
    waiters.delete(sessionId);
    for (const waiter of set) waiter();
  };

  const listener = await database.openNotifyChannel(WAKE_CHANNEL, {
    onMessage: wakeLocal,
    onConnectionLost: (error) => logger.warn({ err: error }, 'Chat wake-up listener lost its connection; reconnecting'),
  });

  return {
    wait(sessionId, timeoutMs, signal) {
      return new Promise<boolean>((resolve) => {
        let set = waiters.get(sessionId);
        if (!set) waiters.set(sessionId, (set = new Set()));
        count += 1;
        const finish = (woken: boolean) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          const current = waiters.get(sessionId);
          current?.delete(waiter);
          if (current?.size === 0) waiters.delete(sessionId);
          count -= 1;
          resolve(woken);
        };
        const waiter: Waiter = () => finish(true);
        const onAbort = () => finish(false);
        const timer = setTimeout(() => finish(false), timeoutMs);
        set.add(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
        if (signal?.aborted) finish(false);
      });
    },
    async wake(sessionId) {
      wakeLocal(sessionId);
      if (listener) {
        try {
          await listener.notify(sessionId);
        } catch (error) {
          // Other processes' polls then return at their hold time-out and see the reply anyway.
          logger.warn({ err: error }, 'Could not notify other processes of a chat reply');
        }
      }
    },
    waiting: () => count,
    async close() {
      for (const sessionId of [...waiters.keys()]) wakeLocal(sessionId);
      await listener?.close();
    },
  };
}
