/**
 * A run whose lease runs out while its first worker is still alive (a stalled event loop, renewals
 * that did not reach the database): another process takes the run over. Whatever the first worker
 * does when it comes back (writes its reply, fails retryably, fails for good), it must lose cleanly:
 * one reply, from the worker holding the lease, and one charge, never refunded.
 *
 * Two app instances on one database, as two processes would be. The first one's lease is made to
 * run out by moving `lease_until` into the past, the state its missed renewals would leave.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { agentRuns, chatMessages } from '../../server/src/db/schema/index';
import { completeRun } from '../../server/src/services/agents/complete-run';
import { LEASE_LOST_MESSAGE } from '../../server/src/services/agents/runner';
import { claimRun, endRunWithRefund, renewLease, requeueRun } from '../../server/src/services/agents/runs.service';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiBehaviour } from '../helpers/fake-openai';
import { creditsOf, sendAsync, waitForReply, type AcceptedBody, type Caller } from '../helpers/fake-openai-chat';
import { createTestApp, registerOwner, testEngine, type TestApp } from '../helpers/server';
import { openTestDatabase } from '../helpers/server-database';
import { until } from '../helpers/wait-until';


const env = (fake: FakeOpenAi, extra: Record<string, string> = {}) => ({
  OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
  // Long enough that no renewal or recovery sweep fires during a test: the takeover is staged below.
  AGENT_RUN_LEASE_SECONDS: '600',
  ...extra,
});

describe(`a run whose lease ran out while its first worker was still writing (${testEngine})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(fake: FakeOpenAi, database: Awaited<ReturnType<typeof openTestDatabase>>['database'], extra?: Record<string, string>) {
    const t: TestApp = await createTestApp({ database, env: env(fake, extra), captureLogs: true });
    cleanups.push(() => t.close());
    return t;
  }

  it.each<[string, FakeOpenAiBehaviour]>([
    ['comes back with a reply', { reply: () => 'The late answer' }],
    ['comes back with a retryable failure', { failWith: 500 }],
    ['comes back with a final failure', { failWith: 400 }],
  ])('the first worker %s after the takeover: it loses cleanly, one reply, one charge', async (_, lateAnswer) => {
    const fake = await startFakeOpenAi({ hang: true });
    const { database, dispose } = await openTestDatabase();
    cleanups.push(async () => {
      await fake.close();
      await dispose();
    });

    // One worker, so the job re-sent for the takeover can only be taken by the second process.
    const first = await start(fake, database, { AGENT_RUN_CONCURRENCY: '1' });
    const owner = await registerOwner(first.app);
    const caller: Caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const accepted = (await sendAsync(first.app, caller, 'cmo', { message: 'Quarterly priorities' })).json<AcceptedBody>();
    await until('the first worker asking the model', () => fake.requests.length === 1);

    await database.db
      .update(agentRuns)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(agentRuns.id, accepted.run_id));
    // The second process's recovery sweep (at start) finds the expired lease and takes the run over.
    const second = await start(fake, database);
    await until('the second worker asking the model', () => fake.requests.length === 2);

    fake.release(0, lateAnswer);
    await until('the first worker giving the run up', () =>
      first.logs.some((line) => line.includes(LEASE_LOST_MESSAGE) && line.includes(accepted.run_id)),
    );
    fake.release(1, { reply: () => 'The answer of the worker holding the lease' });

    const result = await waitForReply(second.app, caller, accepted.session_id, accepted.created_at);
    expect(result.run).toMatchObject({ status: 'succeeded', refunded: false });
    expect(result.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(['The answer of the worker holding the lease']);
    const replies = await database.db.select().from(chatMessages).where(eq(chatMessages.runId, accepted.run_id));
    expect(replies).toHaveLength(1);
    expect(accepted.credits_charged).toBeGreaterThan(0);
    expect((await creditsOf(second.app, caller)).remaining).toBe(accepted.credits_remaining);
    // Two model calls in all: the first worker's failure put nothing back in the queue.
    expect(fake.requests).toHaveLength(2);
    // Two app instances start per case: generous for a loaded 2-core machine; a pass takes far less.
  }, 120_000);

  it('fences an earlier claim out of every write once a later claim holds the run', async () => {
    const fake = await startFakeOpenAi({ hang: true });
    const { database, dispose } = await openTestDatabase();
    cleanups.push(async () => {
      await fake.close();
      await dispose();
    });
    // No workers: the test is the only one claiming.
    const t = await start(fake, database, { JOB_WORKERS: 'false' });
    const owner = await registerOwner(t.app);
    const caller: Caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const accepted = (await sendAsync(t.app, caller, 'cmo', { message: 'Quarterly priorities' })).json<AcceptedBody>();
    const leaseMs = 600_000;

    const stale = (await claimRun(database.db, accepted.run_id, leaseMs))!;
    expect(await claimRun(database.db, accepted.run_id, leaseMs)).toBeNull();
    await database.db.update(agentRuns).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(agentRuns.id, accepted.run_id));
    const holder = (await claimRun(database.db, accepted.run_id, leaseMs))!;
    expect(holder.attempts).toBe(stale.attempts + 1);
    const [before] = await database.db.select().from(agentRuns).where(eq(agentRuns.id, accepted.run_id));

    expect(await renewLease(database.db, stale, 1_000)).toBe(false);
    expect(await requeueRun(database.db, stale, 'late failure')).toBe(false);
    expect(await endRunWithRefund(database.db, stale.id, 'failed', 'late failure', stale)).toBeNull();
    expect(await completeRun(database.db, stale, 'The late answer', 'test')).toBeNull();
    const [after] = await database.db.select().from(agentRuns).where(eq(agentRuns.id, accepted.run_id));
    expect(after).toEqual(before);

    expect(await renewLease(database.db, holder, leaseMs)).toBe(true);
    expect((await completeRun(database.db, holder, 'The answer', 'test'))?.content).toBe('The answer');
    expect((await creditsOf(t.app, caller)).remaining).toBe(accepted.credits_remaining);
  });
});
