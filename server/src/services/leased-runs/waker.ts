/**
 * Wakes whoever waits on a topic when it changes (docs/agents.md "Long poll and waker"): a chat
 * session's long polls and reply streams when it gets a new message or its run ends (the topic is
 * the session's id), an Agent Mode run's streams when the run or a step changes (agent-mode/topic.ts).
 * In-process: a map of waiters per topic, so 1,000 waiting polls cost one closure each. Across
 * processes on PostgreSQL: NOTIFY on one channel, and every process LISTENs on a dedicated
 * connection (db/notify-channel.ts). PGlite runs inside a single process (it cannot be opened by
 * two), so there the in-process path is the whole story.
 */
import type { Database } from '../../db/database';

export const WAKE_CHANNEL = 'mosaic_agent_session';

type Waiter = () => void;

export interface RunWaker {
  /** Resolves true when the topic is woken, false after `timeoutMs` or when `signal` aborts. */
  wait(topic: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Wakes this process's waiters on the topic and, on PostgreSQL, every other process's. */
  wake(topic: string): Promise<void>;
  /** Number of polls currently waiting in this process (for tests and the benchmark). */
  waiting(): number;
  close(): Promise<void>;
}

interface Logger {
  warn(object: object, message: string): void;
}

export async function createRunWaker(database: Database, logger: Logger): Promise<RunWaker> {
  const waiters = new Map<string, Set<Waiter>>();
  let count = 0;

  const wakeLocal = (topic: string) => {
    const set = waiters.get(topic);
    if (!set) return;
    waiters.delete(topic);
    for (const waiter of set) waiter();
  };

  const listener = await database.openNotifyChannel(WAKE_CHANNEL, {
    onMessage: wakeLocal,
    onConnectionLost: (error) => logger.warn({ err: error }, 'Run wake-up listener lost its connection; reconnecting'),
  });

  return {
    wait(topic, timeoutMs, signal) {
      return new Promise<boolean>((resolve) => {
        let set = waiters.get(topic);
        if (!set) waiters.set(topic, (set = new Set()));
        count += 1;
        const finish = (woken: boolean) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          const current = waiters.get(topic);
          current?.delete(waiter);
          if (current?.size === 0) waiters.delete(topic);
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
    async wake(topic) {
      wakeLocal(topic);
      if (listener) {
        try {
          await listener.notify(topic);
        } catch (error) {
          // Other processes' waiters then return at their hold time-out (or next keep-alive) and read it anyway.
          logger.warn({ err: error }, 'Could not notify other processes of a change');
        }
      }
    },
    waiting: () => count,
    async close() {
      for (const topic of [...waiters.keys()]) wakeLocal(topic);
      await listener?.close();
    },
  };
}
