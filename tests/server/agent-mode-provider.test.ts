/**
 * Agent Mode with a model provider (docs/agent-mode.md "Real providers"): the steps are carried out
 * through the AI SDK with tool calling against a local OpenAI-compatible stand-in (real HTTP, the
 * real streamed wire format, tool calls included). The model searches the knowledge base through
 * its tool and gets the passages back; asks the person through ask_user and gets the answer on the
 * next run of the step; sees an edited instruction; a pause waits for the step in progress, a
 * cancel stops it and refunds it; provider failures are retried or fail the step with a refund.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentModeRunDetail } from '../../src/contract/agent-mode';
import { answer, editStep, newRun, openRunStream, runAction, waitForStatus, type Caller } from '../helpers/agent-mode-client';
import { creditsOf, seedDocument } from '../helpers/fake-openai-chat';
import { startFakeOpenAi, type ChatCompletionRequest } from '../helpers/fake-openai';
import { registerOwner, testEngine } from '../helpers/server';
import { until } from '../helpers/wait-until';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';

const PASSAGE = 'The spring launch opens on 3 March with 20% off for small business owners.';

const systemOf = (request: ChatCompletionRequest) => String(request.messages.find((message) => message.role === 'system')?.content ?? '');
const stepOf = (request: ChatCompletionRequest) => /## This step: (.+)/.exec(systemOf(request))?.[1] ?? '';
const toolNames = (request: ChatCompletionRequest) => (request.tools ?? []).map((entry) => entry.function.name).sort();

/** A model that searches once in the research step, then writes; every other step just writes. */
function researcher(request: ChatCompletionRequest) {
  const last = request.messages.at(-1)!;
  if (stepOf(request) === 'Research the knowledge base' && last.role !== 'tool') {
    return { toolCalls: [{ name: 'search_knowledge', arguments: { query: 'spring launch' } }] };
  }
  if (last.role === 'tool') return `Found it: ${String(last.content).includes('3 March') ? 'launch on 3 March' : 'nothing'}.`;
  if (stepOf(request) === 'Write the draft') return '# Spring launch emails\n\nHi {first name}, we launch on 3 March.';
  return `Done: ${stepOf(request)}.`;
}

describe(`Agent Mode with a model provider (${testEngine})`, () => {
  const fake = startedForSuite(() => startFakeOpenAi());
  const t = appForSuite(() => ({ env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, AGENT_RUN_MAX_ATTEMPTS: '2' } }));
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function caller(): Promise<Caller> {
    const owner = await registerOwner(t.app);
    await seedDocument(t.database, { spaceId: owner.defaultSpace.id, filename: 'launch-plan.md', passages: [PASSAGE] });
    return { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
  }

  const requestsOf = (runGoal: string) => fake.requests.filter((request) => systemOf(request).includes(runGoal));

  it('carries the steps out with tool calls: the search result goes back to the model, the text streams, the draft is the deliverable', async () => {
    fake.behave({ respond: researcher, chunkSize: 4 });
    const who = await caller();
    const goal = 'Plan the spring launch emails for small business owners (tools run)';
    const plan = await newRun(t.app, who, { goal, agents: ['email'] });
    expect(plan.run.engine).toBe('openai-compatible/llama3.1');
    const draft = plan.steps.find((step) => step.kind === 'draft')!;
    await editStep(t.app, who, plan.run.id, draft.id, 'Write two short emails and mention the webinar.');
    await runAction(t.app, who, plan.run.id, 'approve');
    const stream = await openRunStream(baseUrl, who, plan.run.id);
    const done = await stream.done();

    expect(done.run.status).toBe('succeeded');
    const [research, brief, written] = done.steps;
    expect(research!.output).toBe('Found it: launch on 3 March.');
    expect(research!.activity).toEqual([{ tool: 'knowledge_search', summary: 'Searched for "spring launch": 1 passage' }]);
    expect(stream.textOf(research!.id)).toBe(research!.output);
    expect(brief!.output).toBe('Done: Set the brief.');
    expect(done.run.deliverable).toBe(written!.output);

    const requests = requestsOf(goal);
    // Research: the tool call, then the answer with the tool's result in the conversation.
    const [first, second] = requests;
    expect(toolNames(first!)).toEqual(['ask_user', 'read_brand_voice', 'search_knowledge']);
    const toolMessage = second!.messages.find((message) => message.role === 'tool');
    expect(String(toolMessage?.content)).toContain(PASSAGE);
    expect(String(toolMessage?.content)).toContain('launch-plan.md');
    // Later steps see what came before, and the draft sees the edited instruction.
    const draftRequest = requests.find((request) => stepOf(request) === 'Write the draft')!;
    expect(systemOf(draftRequest)).toContain('Write two short emails and mention the webinar.');
    expect(systemOf(draftRequest)).toContain('Found it: launch on 3 March.');
    expect(requests).toHaveLength(4);
  }, 60_000);

  it('asks the person through ask_user, waits, and gives the answer to the step when it runs again', async () => {
    const question = 'Which date does the launch open?';
    fake.behave({
      respond: (request) => {
        if (stepOf(request) === 'Research the knowledge base' && toolNames(request).includes('ask_user') && request.messages.at(-1)!.role !== 'tool') {
          return { toolCalls: [{ name: 'ask_user', arguments: { question } }] };
        }
        return `Done: ${stepOf(request)}.`;
      },
    });
    const who = await caller();
    const goal = 'Write the launch announcement (asks a question)';
    const plan = await newRun(t.app, who, { goal, agents: ['email'] });
    await runAction(t.app, who, plan.run.id, 'approve');
    const waiting = await waitForStatus(t.app, who, plan.run.id, ['waiting_for_answer', 'succeeded', 'failed']);
    expect(waiting.run.status).toBe('waiting_for_answer');
    expect(waiting.steps[0]).toMatchObject({ status: 'waiting', question });
    expect(waiting.steps[0]!.activity.at(-1)).toEqual({ tool: 'ask_user', summary: 'Asked you a question' });

    await answer(t.app, who, plan.run.id, { answer: 'On 3 March, at 9:00.' });
    const done = await waitForStatus(t.app, who, plan.run.id, ['succeeded', 'failed', 'waiting_for_answer']);
    expect(done.run.status).toBe('succeeded');
    const again = requestsOf(goal).filter((request) => stepOf(request) === 'Research the knowledge base');
    expect(again).toHaveLength(2);
    expect(systemOf(again[1]!)).toContain("## The person's answers\n- On 3 March, at 9:00.");
    // One question per step: the second run of the step cannot ask again.
    expect(toolNames(again[1]!)).not.toContain('ask_user');
  }, 60_000);

  it('pauses when the step in progress ends, keeping its work, and resumes from the next step', async () => {
    fake.behave({ hang: true });
    const who = await caller();
    const goal = 'Draft the spring newsletter (paused)';
    const plan = await newRun(t.app, who, { goal, agents: ['email'] });
    await runAction(t.app, who, plan.run.id, 'approve');
    await until('the research step to reach the model', () => requestsOf(goal).length === 1);

    const pausing = (await runAction(t.app, who, plan.run.id, 'pause')).json<AgentModeRunDetail>();
    expect(pausing.run).toMatchObject({ status: 'running', pause_requested: true, status_message: 'Pausing when this step ends.' });
    fake.behave({ respond: (request) => `Done: ${stepOf(request)}.` });
    const paused = await waitForStatus(t.app, who, plan.run.id, ['paused', 'succeeded', 'failed']);
    expect(paused.run).toMatchObject({ status: 'paused', pause_reason: 'user', steps_done: 1 });
    expect(paused.steps[0]!.output).toBe('Done: Research the knowledge base.');
    expect((await runAction(t.app, who, plan.run.id, 'pause')).statusCode).toBe(409);

    await runAction(t.app, who, plan.run.id, 'resume');
    const done = await waitForStatus(t.app, who, plan.run.id, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    // The research step was not asked again.
    expect(requestsOf(goal).map(stepOf)).toEqual(['Research the knowledge base', 'Set the brief', 'Write the draft']);
  }, 60_000);

  it('cancels a run mid-step: the model call is stopped, the step refunded, nothing more runs', async () => {
    fake.behave({ hang: true });
    const who = await caller();
    const before = await creditsOf(t.app, who);
    const goal = 'Draft the autumn newsletter (cancelled)';
    const plan = await newRun(t.app, who, { goal, agents: ['email'] });
    await runAction(t.app, who, plan.run.id, 'approve');
    await until('the research step to reach the model', () => requestsOf(goal).length === 1);
    const abandonedBefore = fake.abandoned();

    const cancelled = (await runAction(t.app, who, plan.run.id, 'cancel')).json<AgentModeRunDetail>();
    expect(cancelled.run).toMatchObject({ status: 'cancelled', credits_charged: 0, status_message: 'Cancelled. Credits for steps that had not finished were refunded.' });
    expect(cancelled.steps[0]).toMatchObject({ status: 'cancelled', charged: true, refunded: true });
    await until('the model call to be stopped', () => fake.abandoned() > abandonedBefore);
    expect((await creditsOf(t.app, who)).remaining).toBe(before.remaining);
    fake.behave({ respond: (request) => `Done: ${stepOf(request)}.` });
    expect(requestsOf(goal)).toHaveLength(1);
  }, 60_000);

  it('retries a step after a provider failure worth retrying, charging it once', async () => {
    const who = await caller();
    const before = await creditsOf(t.app, who);
    const plan = await newRun(t.app, who, { goal: 'Draft a reminder email (retried)', agents: ['email'] });
    fake.behave({ failWith: 503, failTimes: 1, respond: (request) => `Done: ${stepOf(request)}.` });
    await runAction(t.app, who, plan.run.id, 'approve');
    const done = await waitForStatus(t.app, who, plan.run.id, ['succeeded', 'failed'], 60_000);
    expect(done.run.status).toBe('succeeded');
    expect((await creditsOf(t.app, who)).remaining).toBe(before.remaining - plan.run.estimate_credits);
  }, 90_000);

  it('fails the step with the reason and refunds it when the provider refuses the request', async () => {
    fake.behave({ failWith: 401 });
    const who = await caller();
    const before = await creditsOf(t.app, who);
    const plan = await newRun(t.app, who, { goal: 'Draft a welcome email (refused)', agents: ['email'] });
    await runAction(t.app, who, plan.run.id, 'approve');
    const failed = await waitForStatus(t.app, who, plan.run.id, ['failed', 'succeeded']);
    expect(failed.run.status_message).toMatch(/^Step 1 \(Research the knowledge base\) failed: The model provider answered 401: .* Its credits were refunded\.$/);
    expect(failed.steps[0]).toMatchObject({ status: 'failed', refunded: true });
    expect((await creditsOf(t.app, who)).remaining).toBe(before.remaining);
  }, 60_000);
});
