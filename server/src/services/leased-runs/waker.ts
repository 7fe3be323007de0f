/**
 * Wakes whoever waits on a topic when it changes (docs/agents.md "Long poll and waker"): a chat
 * session's long polls and reply streams when it gets a new message or its run ends (the topic is
 * the session's id), an Agent Mode run's streams when the run or a step changes (agent-mode/topic.ts).
 * In-process: a map of waiters per topic, so 1,000 waiting polls cost one closure each. Across
 * processes on PostgreSQL: NOTIFY on one channel, and every process LISTENs on a dedicated
 * connection (db/notify-channel.ts). PGlite runs inside a single process (it cannot be opened by
 * two), so there the in-process path is the whole story.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';

export const WAKE_CHANNEL = 'mosaic_agent_session';

/**
 * A notification says which process sent it (`topic@sender`): the sender woke its own waiters when
 * it sent it, and the copy PostgreSQL hands back to it came later, waking a poll that had started
 * meanwhile for nothing (an empty answer, a second read). A payload without a sender (an older
 * process during an upgrade) wakes as before.
 */
const SENDER_MARK = '@';
const payloadOf = (topic: string, sender: string) => `${topic}${SENDER_MARK}${sender}`;
function readPayload(payload: string): { topic: string; sender: string | null } {
  const mark = payload.lastIndexOf(SENDER_MARK);
  return mark < 0 ? { topic: payload, sender: null } : { topic: payload.slice(0, mark), sender: payload.slice(mark + 1) };
}

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
  const self = randomUUID();

  const wakeLocal = (topic: string) => {
    const set = waiters.get(topic);
    if (!set) return;
    waiters.delete(topic);
    for (const waiter of set) waiter();
  };

  const listener = await database.openNotifyChannel(WAKE_CHANNEL, {
    onMessage: (payload) => {
      const { topic, sender } = readPayload(payload);
      if (sender !== self) wakeLocal(topic);
    },
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
          await listener.notify(payloadOf(topic, self));
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
