/**
 * Durable Agent Mode runs (docs/agent-mode.md "Runs"): a server stopped in the middle of a step
 * leaves the run to the next process, which resumes it at the step it was on — the finished steps
 * kept, the interrupted one started over (its half-written text replaced) and charged once —
 * or, when that step has used its attempts, fails it with a refund. On PostgreSQL a run carried out
 * by a worker process streams to a client of an API-only process, and a cancel there stops it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentModeRunDetail } from '../../src/contract/agent-mode';
import type { Database } from '../../server/src/db/database';
import { agentModeRuns, agentModeSteps } from '../../server/src/db/schema/index';
import { newRun, openRunStream, runAction, runDetail, waitForStatus, type Caller } from '../helpers/agent-mode-client';
import { creditsOf, seedDocument } from '../helpers/fake-openai-chat';
import { databaseAndModelPerTest } from '../helpers/restart-set-up';
import { startFakeOpenAi, type ChatCompletionRequest, type FakeOpenAi } from '../helpers/fake-openai';
import { createTestApp, registerOwner, testEngine, type TestApp } from '../helpers/server';
import { openTestDatabase } from '../helpers/server-database';
import { until } from '../helpers/wait-until';

const stepOf = (request: ChatCompletionRequest) => /## This step: (.+)/.exec(String(request.messages[0]?.content ?? ''))?.[1] ?? '';
const BRIEF = 'Objective: book more spring appointments. '.repeat(10);

describe(`an Agent Mode run interrupted by a restart (${testEngine})`, () => {
  const { cleanups, setUp } = databaseAndModelPerTest();

  // A short lease, so the next process takes the run over within a second or two.
  const env = (fake: FakeOpenAi, extra: Record<string, string> = {}) => ({ OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, AGENT_RUN_LEASE_SECONDS: '1', ...extra });

  /** Starts a run whose second step (the brief) is cut off mid-text when the first server stops. */
  async function interruptMidStep(database: Database, fake: FakeOpenAi, extra: Record<string, string> = {}) {
    fake.behave({ respond: (request) => (stepOf(request) === 'Set the brief' ? BRIEF : `Done: ${stepOf(request)}.`), chunkSize: 10, pauseAfterCharacters: 60 });
    const first: TestApp = await createTestApp({ database, env: env(fake, extra) });
    const owner = await registerOwner(first.app);
    await seedDocument(database, { spaceId: owner.defaultSpace.id, filename: 'salon.md', passages: ['Spring is our busiest season for salon bookings.'] });
    const caller: Caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const before = await creditsOf(first.app, caller);
    const plan = await newRun(first.app, caller, { goal: 'Write a spring booking email for salon clients', agents: ['email'] });
    await runAction(first.app, caller, plan.run.id, 'approve');
    await until('the brief to be half written and saved', async () => (await runDetail(first.app, caller, plan.run.id)).steps[1]!.output.length > 0);
    const halfWritten = (await runDetail(first.app, caller, plan.run.id)).steps[1]!.output;
    expect(BRIEF.startsWith(halfWritten) && halfWritten.length < BRIEF.length).toBe(true);
    await first.close();
    return { caller, plan, before };
  }

  it('resumes at the step it was on: earlier steps kept, the step started over and charged once', async () => {
    const { database, fake } = await setUp();
    const { caller, plan, before } = await interruptMidStep(database, fake);
    fake.behave({ respond: (request) => (stepOf(request) === 'Set the brief' ? BRIEF : `Done: ${stepOf(request)}.`), chunkSize: 10 });

    const second = await createTestApp({ database, env: env(fake) });
    cleanups.push(() => second.close());
    const baseUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openRunStream(baseUrl, caller, plan.run.id);
    const done = await stream.done();

    expect(done.run.status).toBe('succeeded');
    expect(done.steps.map((step) => step.output)).toEqual(['Done: Research the knowledge base.', BRIEF, 'Done: Write the draft.']);
    // Research ran once; the brief twice (the interrupted attempt and the one that finished).
    expect(fake.requests.map(stepOf)).toEqual(['Research the knowledge base', 'Set the brief', 'Set the brief', 'Write the draft']);
    // The stream ended with the brief as the resumed attempt wrote it (the half-written one replaced).
    expect(stream.textOf(done.steps[1]!.id)).toBe(BRIEF);
    expect((await creditsOf(second.app, caller)).remaining).toBe(before.remaining - plan.run.estimate_credits);
  }, 90_000);

  it('goes back to the queue when its server stops, so the next process carries on without waiting out the lease', async () => {
    const { database, fake } = await setUp();
    // A lease far longer than the test: only a run handed back at the stop can be carried on at once.
    const longLease = { AGENT_RUN_LEASE_SECONDS: '600' };
    const { caller, plan } = await interruptMidStep(database, fake, longLease);
    const [run] = await database.db.select().from(agentModeRuns).where(eq(agentModeRuns.id, plan.run.id));
    const steps = await database.db.select().from(agentModeSteps).where(eq(agentModeSteps.runId, plan.run.id)).orderBy(agentModeSteps.position);
    expect(run).toMatchObject({ status: 'queued', leaseUntil: null });
    expect(steps.map((step) => [step.status, step.error])).toEqual([
      ['succeeded', null],
      ['pending', 'The server is restarting'],
      ['pending', null],
    ]);

    fake.behave({ respond: (request) => (stepOf(request) === 'Set the brief' ? BRIEF : `Done: ${stepOf(request)}.`), chunkSize: 10 });
    const second = await createTestApp({ database, env: env(fake, longLease) });
    cleanups.push(() => second.close());
    const done = await waitForStatus(second.app, caller, plan.run.id, ['succeeded', 'failed'], 60_000);
    expect(done.run.status).toBe('succeeded');
    expect(done.steps.map((step) => step.output)).toEqual(['Done: Research the knowledge base.', BRIEF, 'Done: Write the draft.']);
  }, 90_000);

  it('fails the step with a refund when it has used its attempts', async () => {
    const { database, fake } = await setUp();
    const { caller, plan, before } = await interruptMidStep(database, fake);
    const second = await createTestApp({ database, env: env(fake, { AGENT_RUN_MAX_ATTEMPTS: '1' }) });
    cleanups.push(() => second.close());
    const failed = await waitForStatus(second.app, caller, plan.run.id, ['failed', 'succeeded'], 60_000);

    expect(failed.run.status_message).toBe('Step 2 (Set the brief) failed: The step stopped before finishing (the server restarted too often). Its credits were refunded.');
    expect(failed.steps.map((step) => [step.status, step.refunded])).toEqual([
      ['succeeded', false],
      ['failed', true],
      ['pending', false],
    ]);
    expect((await creditsOf(second.app, caller)).remaining).toBe(before.remaining - plan.steps[0]!.credits);
  }, 90_000);
});

describe.skipIf(testEngine !== 'postgres')('an Agent Mode run carried out by another process (PostgreSQL)', () => {
  let fake: FakeOpenAi;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let apiOnly: TestApp;
  let worker: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    database = await openTestDatabase();
    const env = { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl };
    // The stream and the cancel are asked of a process that runs no jobs; the other one works.
    apiOnly = await createTestApp({ database: database.database, env: { ...env, JOB_WORKERS: 'false' } });
    worker = await createTestApp({ database: database.database, env });
    baseUrl = await apiOnly.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await apiOnly.close();
    await worker.close();
    await database.dispose();
    await fake.close();
  });

  it('streams the text the worker writes, and a cancel there stops the worker and refunds the step', async () => {
    fake.behave({ respond: () => BRIEF, chunkSize: 10, pauseAfterCharacters: 100 });
    const owner = await registerOwner(apiOnly.app);
    const caller: Caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const before = await creditsOf(apiOnly.app, caller);
    const plan = await newRun(apiOnly.app, caller, { goal: 'Write a spring booking email (two processes)', agents: ['email'] });
    await runAction(apiOnly.app, caller, plan.run.id, 'approve');
    const stream = await openRunStream(baseUrl, caller, plan.run.id);
    const research = plan.steps[0]!.id;
    // The model holds the rest: these characters came through the worker's saves and NOTIFY.
    await stream.untilText(research, 100);
    expect(stream.textOf(research)).toBe(BRIEF.slice(0, 100));

    const abandoned = fake.abandoned();
    const cancelled = (await runAction(apiOnly.app, caller, plan.run.id, 'cancel')).json<AgentModeRunDetail>();
    expect(cancelled.run.status).toBe('cancelled');
    await until('the worker to stop its model call', () => fake.abandoned() > abandoned);
    expect((await stream.done()).run.status).toBe('cancelled');
    expect((await creditsOf(apiOnly.app, caller)).remaining).toBe(before.remaining);
  }, 60_000);
});
