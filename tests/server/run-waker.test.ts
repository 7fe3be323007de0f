/**
 * The waker across processes (PostgreSQL LISTEN/NOTIFY): a wake reaches the waiters of every other
 * process, and the copy of its own notification that PostgreSQL hands back to the sender wakes
 * nothing there (it woke its own waiters when it sent it; the copy came later and would end a poll
 * started meanwhile with an empty answer). Two wakers on one database stand for two processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunWaker, type RunWaker } from '../../server/src/services/leased-runs/waker';
import { testEngine } from '../helpers/server';
import { openTestDatabase } from '../helpers/server-database';

const quiet = { warn: () => undefined };

describe.skipIf(testEngine !== 'postgres')('the run waker on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let sender: RunWaker;
  let other: RunWaker;

  beforeAll(async () => {
    database = await openTestDatabase();
    sender = await createRunWaker(database.database, quiet);
    other = await createRunWaker(database.database, quiet);
  });
  afterAll(async () => {
    await sender.close();
    await other.close();
    await database.dispose();
  });

  it("wakes the other process's waiters, and its own notification coming back wakes nothing here", async () => {
    const topic = 'b1d0a7e4-5c1f-4a51-9a40-6f1f6f0c2a11';
    const here = sender.wait(topic, 30_000);
    const there = other.wait(topic, 30_000);
    await sender.wake(topic);
    // A poll that starts on the sending process right after the wake: nothing new has happened.
    const next = sender.wait(topic, 30_000);
    expect(await here).toBe(true);
    expect(await there).toBe(true);
    // The notification has reached the listening connections (the other process got it); a second
    // wake from the other process proves this one's listener still answers, and is what ends it.
    const woken = await Promise.race([next.then(() => 'by the echo'), new Promise<string>((resolve) => setTimeout(() => resolve('not by the echo'), 1_000))]);
    expect(woken).toBe('not by the echo');
    await other.wake(topic);
    expect(await next).toBe(true);
  });
});
