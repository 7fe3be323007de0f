/**
 * A server killed outright (SIGKILL) in the middle of an Agent Mode step: the server started again
 * on the same data takes the run over once its lease lapses and carries on at the step it was on.
 * The steps that had finished are not run again, the interrupted one runs once more, and every
 * step is charged exactly once.
 *
 * The model is the local OpenAI-compatible stand-in holding its answer, so the kill certainly lands
 * while the second step is at the model (not before or after it).
 */
import { describe, expect, it } from 'vitest';
import type { AgentModeRunDetail } from '../../src/contract/agent-mode';
import type { ChatCompletionRequest } from '../helpers/fake-openai';
import { ApiClient, type Session } from '../tools/api-client';
import { eventually, freshDatabase, report, startServer, type Engine } from './harness';
import { startModelStandIn } from './model-stand-in';

/** As for chat runs (agent-run-crash.faults.ts): short enough to keep the scenario quick, long enough for a busy machine. */
const LEASE = { AGENT_RUN_LEASE_SECONDS: '5' };
const stepOf = (request: ChatCompletionRequest) => /## This step: (.+)/.exec(String(request.messages[0]?.content ?? ''))?.[1] ?? '';

const detail = (api: ApiClient, who: Session, runId: string) =>
  api.call<AgentModeRunDetail>('read the run', 'GET', `/agent-mode/runs/${runId}`, { token: who.access_token, spaceId: who.spaceId });

/** Which engine this scenario proves something on, and why: docs/testing.md ("The fault suite"). */
const engine: Engine = 'pglite';

describe(`kill -9 during an Agent Mode step (${engine})`, () => {
  it('after the restart the run carries on at the step it was on, each step charged once', async () => {
    const database = await freshDatabase(engine);
    // Every request is held; the research is let through alone, the brief is held when the server is killed.
    const model = await startModelStandIn({ hold: true });
    const first = await startServer(database, { ...model.env, ...LEASE });
    const api = new ApiClient(first.baseUrl);
    const owner = await api.registerOwner('agent-mode');
    const auth = { token: owner.access_token, spaceId: owner.spaceId };
    const before = await api.credits(owner);
    const plan = await api.call<AgentModeRunDetail>('make a run', 'POST', '/agent-mode/runs', {
      ...auth,
      body: { goal: 'Write a spring booking email for salon clients', agents: ['email'] },
      expect: 201,
    });
    expect(plan.run.status).toBe('awaiting_approval');
    await api.call('start the run', 'POST', `/agent-mode/runs/${plan.run.id}/approve`, auth);
    await eventually(() => (model.fake.requests.some((request) => stepOf(request) === 'Research the knowledge base') ? true : undefined), 60_000, 'the research to reach the model');
    model.fake.release(model.fake.requests.findIndex((request) => stepOf(request) === 'Research the knowledge base'), { respond: (request) => `Done: ${stepOf(request)}.` });
    await eventually(() => (model.fake.requests.some((request) => stepOf(request) === 'Set the brief') ? true : undefined), 60_000, 'the brief to reach the model');

    await first.kill();
    expect(await first.exited).toBe('SIGKILL');
    model.fake.behave({ respond: (request) => `Done: ${stepOf(request)}.` });

    const startedAt = performance.now();
    const second = await startServer(database, { ...model.env, ...LEASE });
    const again = new ApiClient(second.baseUrl);
    const done = await eventually(
      async () => {
        const current = await detail(again, owner, plan.run.id);
        return ['succeeded', 'failed'].includes(current.run.status) ? current : undefined;
      },
      120_000,
      'the run to finish after the restart',
    );
    report(`agent-mode crash (${engine})`, `run finished ${Math.round(performance.now() - startedAt)} ms after the restart began; model asked ${model.fake.requests.length} times`);

    expect(done.run.status).toBe('succeeded');
    expect(done.steps.map((step) => step.output)).toEqual(['Done: Research the knowledge base.', 'Done: Set the brief.', 'Done: Write the draft.']);
    // The research once; the brief twice (killed, then resumed); the draft once.
    expect(model.fake.requests.map(stepOf)).toEqual(['Research the knowledge base', 'Set the brief', 'Set the brief', 'Write the draft']);
    const after = await again.credits(owner);
    expect(after.used - before.used).toBe(plan.run.estimate_credits);
  });
});
