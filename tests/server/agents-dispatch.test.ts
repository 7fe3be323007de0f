/**
 * Where an accepted message is answered (runtime.dispatch): in the accepting process at once when it
 * serves agent runs and has a free slot, with no job for a worker to pick up; through the durable
 * queue when its slots are full or it serves no runs (JOB_WORKERS=false); and a dispatched run
 * that fails retryably is handed to the queue for its retry.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database';
import { registerOwner } from '../helpers/server';
import { startFakeOpenAi } from '../helpers/fake-openai';
import { sendAsync, waitForReply, type AcceptedBody, type Caller } from '../helpers/fake-openai-chat';
import { until } from '../helpers/wait-until';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';

/** The agent-run jobs the queue holds for a run, whatever their state. */
async function jobsFor(database: Database, runId: string): Promise<number> {
  const result = (await database.db.execute(
    sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'agent-run' AND data->>'runId' = ${runId}`,
  )) as unknown as { rows: { count: number }[] };
  return Number(result.rows[0]?.count ?? 0);
}

describe('dispatching an accepted message', () => {
  const fake = startedForSuite(() => startFakeOpenAi());
  // One slot, and retries allowed: the cases below fill it, and fail a first attempt.
  const t = appForSuite(() => ({ env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, AGENT_RUN_CONCURRENCY: '1', AGENT_RUN_MAX_ATTEMPTS: '2' } }));
  let caller: Caller;

  beforeAll(async () => {
    const owner = await registerOwner(t.app);
    caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
  });
  afterEach(() => fake.behave({}));

  it('answers in the accepting process, leaving no job for a worker', async () => {
    fake.behave({ reply: () => 'Answered here.' });
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Title ideas?' })).json<AcceptedBody>();
    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    expect(result.messages.find((message) => message.role === 'assistant')?.content).toBe('Answered here.');
    expect(await jobsFor(t.database, accepted.run_id)).toBe(0);
  });

  it('queues a message when every slot is busy, and answers it once one frees', async () => {
    fake.behave({ hang: true });
    const first = (await sendAsync(t.app, caller, 'seo', { message: 'First question' })).json<AcceptedBody>();
    await until('the first run asking the model', () => fake.requests.some((request) => JSON.stringify(request.messages).includes('First question')));
    const second = (await sendAsync(t.app, caller, 'cmo', { message: 'Second question' })).json<AcceptedBody>();
    expect(await jobsFor(t.database, first.run_id)).toBe(0);
    expect(await jobsFor(t.database, second.run_id)).toBe(1);

    fake.behave({ reply: (request) => (JSON.stringify(request.messages).includes('First question') ? 'First answer.' : 'Second answer.') });
    const [firstReply, secondReply] = await Promise.all([
      waitForReply(t.app, caller, first.session_id, first.created_at, 30_000),
      waitForReply(t.app, caller, second.session_id, second.created_at, 30_000),
    ]);
    expect(firstReply.messages.find((message) => message.role === 'assistant')?.content).toBe('First answer.');
    expect(secondReply.messages.find((message) => message.role === 'assistant')?.content).toBe('Second answer.');
  }, 40_000);

  it('hands a run that failed retryably to the queue, which answers it', async () => {
    fake.behave({ failWith: 503, failTimes: 1, reply: () => 'Second attempt.' });
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Meta description?' })).json<AcceptedBody>();
    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at, 30_000);
    expect(result.messages.find((message) => message.role === 'assistant')?.content).toBe('Second attempt.');
    expect(await jobsFor(t.database, accepted.run_id)).toBe(1);
  }, 40_000);
});

describe('dispatching in a process that serves no agent runs (JOB_WORKERS=false)', () => {
  const t = appForSuite({ env: { JOB_WORKERS: 'false' } });

  it('queues the run for a worker process', async () => {
    const owner = await registerOwner(t.app);
    const caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Who answers this?' })).json<AcceptedBody>();
    expect(await jobsFor(t.database, accepted.run_id)).toBe(1);
  });
});
