import { AsyncLocalStorage } from 'node:async_hooks';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../server/src/db/database';

interface Hold {
  reached(): void;
  released: Promise<void>;
}

export interface HeldRequest<T> {
  /** The request's answer, once its transaction has been let through. */
  response: Promise<T>;
  /** Resolves when the request's transaction has done its work and waits to commit, its locks held. */
  waiting: Promise<void>;
  release(): void;
}

export interface CommitHolds {
  /** The database to build the app on. */
  database: Database;
  /** Sends a request whose transactions wait, before committing, until released. */
  hold<T>(send: () => Promise<T>): HeldRequest<T>;
}

/**
 * The app's database, except that the transactions of a request sent through `hold` wait before
 * committing. A slow commit (a busy disk, a synchronous replica far away) does that by chance;
 * holding it makes the moment certain, so a test can send another request into it. Requests are
 * told apart by their async context, so nothing else the app does at the time is held.
 */
export function withCommitHolds(database: Database): CommitHolds {
  const holds = new AsyncLocalStorage<Hold>();
  const real = database.db;
  function transaction<T>(work: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    return real.transaction(async (tx) => {
      const result = await work(tx);
      const hold = holds.getStore();
      if (hold) {
        hold.reached();
        await hold.released;
      }
      return result;
    }, config);
  }
  const db = new Proxy(real, {
    get: (target, property, receiver) => (property === 'transaction' ? transaction : Reflect.get(target, property, receiver)),
  });
  return {
    database: { ...database, db },
    hold(send) {
      let reached!: () => void;
      let release!: () => void;
      const waiting = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      return { response: holds.run({ reached, released }, send), waiting, release };
    },
  };
}
