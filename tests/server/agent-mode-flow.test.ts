/**
 * Agent Mode on the built-in offline engine (docs/agent-mode.md), through the real API: the plan and
 * its estimate before anything is charged, editing a step, starting, every step charged once as it
 * runs, the deliverable, a question when the knowledge base has nothing and the run carrying on
 * with the answer, the GA4 step when a property is linked, the stream, the list, and who may do what.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STEP_BASE_CREDITS, type AgentModeRunDetail } from '../../src/contract/agent-mode';
import { creditTransactions } from '../../server/src/db/schema/index';
import { finishedDeliverable } from '../../server/src/services/agent-mode/deliverable';
import { agentModeNotificationContent } from '../../server/src/services/agent-mode/notification';
import { answer, createRun, editStep, getRun, newRun, openRunStream, runAction, runDetail, waitForStatus, type Caller } from '../helpers/agent-mode-client';
import { creditsOf, seedDocument } from '../helpers/fake-openai-chat';
import { addMember, API, authHeaders, registerOwner, testEngine, type RegisteredOwner, type TestApp } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';
import { accountsOf, connectDemo, ga4Call } from './ga4-helpers';

const GOAL = 'Plan the spring launch email sequence for small business owners';
const PASSAGES = [
  'The spring launch of Mosaic Planner opens on 3 March with a 20% discount for small business owners who sign up before April.',
  'Small business owners told us they leverage spreadsheets today and lose hours every week reconciling bookings.',
  'Our spring launch webinar on 10 March shows the booking calendar and the automatic reminders in action.',
];

const callerOf = (who: RegisteredOwner): Caller => ({ access_token: who.access_token, spaceId: who.defaultSpace.id });

async function debitsOf(t: TestApp, orgId: string) {
  return t.database.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.orgId, orgId), eq(creditTransactions.feature, 'agent_mode'), eq(creditTransactions.transactionType, 'debit')));
}

describe(`Agent Mode on the offline engine (${testEngine})`, () => {
  const t = appForSuite();
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function ownerWithKnowledge(): Promise<RegisteredOwner> {
    const owner = await registerOwner(t.app);
    await seedDocument(t.database, { spaceId: owner.defaultSpace.id, filename: 'spring-launch-brief.md', passages: PASSAGES });
    await t.app.inject({
      method: 'PUT',
      url: `${API}/settings/brand-voice`,
      headers: authHeaders(owner.access_token, owner.defaultSpace.id),
      payload: { content: 'Warm and plain. No jargon.\nKeep sentences short.\nNo exclamation marks.' },
    });
    return owner;
  }

  it('makes a plan with an estimate and charges nothing until it is started', async () => {
    const owner = await ownerWithKnowledge();
    const before = await creditsOf(t.app, callerOf(owner));
    const detail = await newRun(t.app, callerOf(owner), { goal: GOAL, agents: ['email', 'cmo', 'brand-voice'] });

    // Named as a chat is, and stored whole: no "..." cut at 50 characters (it used to be "Plan the spring launch email sequence for small...").
    expect(detail.run).toMatchObject({ status: 'awaiting_approval', title: 'Spring launch email sequence for small business owners', mode: 'normal', steps_done: 0, credits_charged: 0 });
    expect(detail.run.engine).toBe('offline/mosaic-offline-1');
    // No GA4 property is linked, so the plan does not spend a step on figures.
    expect(detail.steps.map((step) => [step.kind, step.agent_slug])).toEqual([
      ['research', 'cmo'],
      ['brief', 'cmo'],
      ['draft', 'email'],
      ['brand_check', 'brand-voice'],
      ['revise', 'email'],
    ]);
    const estimate = STEP_BASE_CREDITS.research + STEP_BASE_CREDITS.brief + STEP_BASE_CREDITS.draft + STEP_BASE_CREDITS.brand_check + STEP_BASE_CREDITS.revise;
    expect(detail.run.estimate_credits).toBe(estimate);
    expect(detail.steps.every((step) => step.status === 'pending' && !step.charged)).toBe(true);
    expect(await creditsOf(t.app, callerOf(owner))).toEqual(before);
  });

  it('runs the approved plan step by step, charging each step once, and writes the deliverable', async () => {
    const owner = await ownerWithKnowledge();
    const caller = callerOf(owner);
    const before = await creditsOf(t.app, caller);
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email', 'cmo', 'brand-voice'] });
    const draft = plan.steps.find((step) => step.kind === 'draft')!;
    const edited = await editStep(t.app, caller, plan.run.id, draft.id, 'Write three emails: announce the launch, show the webinar, last call for the discount.');
    expect(edited.statusCode).toBe(200);
    expect(edited.json<AgentModeRunDetail>().steps.find((step) => step.id === draft.id)?.instruction).toContain('three emails');

    const approved = await runAction(t.app, caller, plan.run.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(['queued', 'running', 'succeeded']).toContain(approved.json<AgentModeRunDetail>().run.status);
    const done = await waitForStatus(t.app, caller, plan.run.id, ['succeeded', 'failed', 'paused', 'waiting_for_answer']);

    expect(done.run.status).toBe('succeeded');
    expect(done.steps.every((step) => step.status === 'succeeded' && step.charged && !step.refunded)).toBe(true);
    expect(done.run.steps_done).toBe(5);
    expect(done.run.credits_charged).toBe(plan.run.estimate_credits);
    // The research found the brief; the deliverable is the revised draft: a document with the three emails.
    expect(done.steps[0]!.output).toContain('spring-launch-brief.md');
    expect(done.steps[0]!.activity[0]).toMatchObject({ tool: 'knowledge_search' });
    const revise = done.steps.find((step) => step.kind === 'revise')!;
    expect(done.run.deliverable).toBe(revise.output);
    // Titled as a document, not with the goal's own words.
    expect(done.run.deliverable).toMatch(/^# Spring launch email sequence/);
    expect(done.run.deliverable).toContain('#### Email 3: Last call');
    expect(done.run.deliverable).toContain('20% discount');
    // The brand check caught the jargon in the draft, and the revision took it out.
    const check = done.steps.find((step) => step.kind === 'brand_check')!;
    expect(check.output).toContain('Replace "leverage" with "use"');
    expect(done.steps.find((step) => step.kind === 'draft')!.output).toMatch(/leverage/i);
    expect(done.run.deliverable.split('\n').filter((line) => !line.startsWith('>')).join('\n')).not.toMatch(/leverage/i);

    // One debit per step, with the step's price, and the balance down by exactly the estimate.
    const debits = await debitsOf(t, owner.user.org_id!);
    expect(debits.map((row) => row.credits).sort()).toEqual(done.steps.map((step) => step.credits).sort());
    expect(new Set(debits.map((row) => row.idempotencyKey)).size).toBe(5);
    const after = await creditsOf(t.app, caller);
    expect(after.remaining).toBe(before.remaining - plan.run.estimate_credits);

    // The finished deliverable, as a Creative Asset would take it, and what the person is told.
    const deliverable = await finishedDeliverable(t.database.db, owner.defaultSpace.id, plan.run.id);
    expect(deliverable).toMatchObject({ runId: plan.run.id, title: done.run.title, markdown: done.run.deliverable, startedBy: owner.user.id });
    expect(await finishedDeliverable(t.database.db, randomUUID(), plan.run.id)).toBeNull();
    // Kept in Creative Assets as a text asset linked to the run, with the run's Markdown.
    // Saved as the run comes to rest, just after its status: asked until it is there.
    const savedAssets = async () =>
      (await t.app.inject({ method: 'GET', url: `${API}/assets`, headers: authHeaders(caller.access_token, caller.spaceId) }))
        .json<{ assets: { id: string; name: string; kind: string; source: string; source_ref: string | null }[] }>()
        .assets.filter((asset) => asset.source_ref === plan.run.id);
    let saved = await savedAssets();
    for (let tries = 0; saved.length === 0 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      saved = await savedAssets();
    }
    expect(saved).toEqual([expect.objectContaining({ name: done.run.title, kind: 'text', source: 'agent_mode' })]);
    const asset = await t.app.inject({ method: 'GET', url: `${API}/assets/${saved[0]!.id}`, headers: authHeaders(caller.access_token, caller.spaceId) });
    expect(asset.json<{ content: string }>().content).toBe(done.run.deliverable.replace(/\r\n?/g, '\n').trim());
    expect(await agentModeNotificationContent(t.database.db, plan.run.id)).toMatchObject({
      userId: owner.user.id,
      spaceId: owner.defaultSpace.id,
      kind: 'run_finished',
      title: 'Agent Mode run finished',
      url: `/agent-mode?run=${plan.run.id}`,
      tag: `run:${plan.run.id}`,
    });

    // A finished run's steps no longer change.
    const late = await editStep(t.app, caller, plan.run.id, draft.id, 'Something else');
    expect(late.statusCode).toBe(409);
  }, 60_000);

  it('streams the steps: run events on every change, deltas as a step writes, done when it rests', async () => {
    const owner = await ownerWithKnowledge();
    const caller = callerOf(owner);
    const plan = await newRun(t.app, caller, { goal: 'Write a blog post on spring booking tips for salons', agents: ['seo'] });
    expect((await runAction(t.app, caller, plan.run.id, 'approve')).statusCode).toBe(200);
    const stream = await openRunStream(baseUrl, caller, plan.run.id);
    const done = await stream.done();

    expect(done.run.status).toBe('succeeded');
    const names = stream.events().map((entry) => entry.event);
    expect(names.at(-1)).toBe('done');
    expect(names).toContain('delta');
    // What the deltas built is exactly what each step saved.
    for (const step of done.steps) expect(stream.textOf(step.id)).toBe(step.output);
    expect(done.run.deliverable).toBe(done.steps.find((step) => step.kind === 'draft')!.output);
    // A stream opened on a resting run ends at once with it.
    const again = await openRunStream(baseUrl, caller, plan.run.id);
    expect((await again.done()).run.status).toBe('succeeded');
    expect(again.events()).toHaveLength(1);
  }, 60_000);

  it('asks when the knowledge base has nothing on the goal, waits, and carries on with the answer', async () => {
    const owner = await registerOwner(t.app);
    const caller = callerOf(owner);
    const plan = await newRun(t.app, caller, { goal: 'Write launch emails for the garden centre reopening', agents: ['email'] });
    expect((await runAction(t.app, caller, plan.run.id, 'approve')).statusCode).toBe(200);
    const waiting = await waitForStatus(t.app, caller, plan.run.id, ['waiting_for_answer', 'succeeded', 'failed']);

    expect(waiting.run.status).toBe('waiting_for_answer');
    const research = waiting.steps[0]!;
    expect(research).toMatchObject({ status: 'waiting', charged: true });
    expect(research.question).toMatch(/^I found nothing in this space's knowledge base about/);
    expect(await agentModeNotificationContent(t.database.db, plan.run.id)).toMatchObject({ kind: 'run_needs_answer', title: 'Agent Mode needs your answer' });
    expect((await answer(t.app, caller, plan.run.id, { answer: '' })).statusCode).toBe(422);

    const reply = 'We reopen on 5 April with free coffee and 15% off seedlings for members.';
    expect((await answer(t.app, caller, plan.run.id, { answer: reply })).statusCode).toBe(200);
    const done = await waitForStatus(t.app, caller, plan.run.id, ['succeeded', 'failed', 'waiting_for_answer']);

    expect(done.run.status).toBe('succeeded');
    expect(done.steps[0]).toMatchObject({ status: 'succeeded', answer: reply, question: research.question });
    expect(done.steps[0]!.output).toContain('15% off seedlings');
    expect(done.run.deliverable).toContain('15% off seedlings');
    // The step that asked ran twice but was charged once.
    expect((await debitsOf(t, owner.user.org_id!)).length).toBe(done.steps.length);
    expect((await answer(t.app, caller, plan.run.id, { answer: 'again' })).statusCode).toBe(409);
  }, 60_000);

  it('goes on without an answer when the person skips the question', async () => {
    const owner = await registerOwner(t.app);
    const caller = callerOf(owner);
    const plan = await newRun(t.app, caller, { goal: 'Ideas for a social post about our new opening hours', agents: ['creative'] });
    await runAction(t.app, caller, plan.run.id, 'approve');
    await waitForStatus(t.app, caller, plan.run.id, ['waiting_for_answer']);
    expect((await answer(t.app, caller, plan.run.id, { answer: null, skip: true })).statusCode).toBe(200);
    const done = await waitForStatus(t.app, caller, plan.run.id, ['succeeded', 'failed', 'waiting_for_answer']);
    expect(done.run.status).toBe('succeeded');
    expect(done.steps[0]!.output).toContain('You chose to go on without more detail');
    // With no brand voice, no documents and no figures, the work is still only the work: no setup text anywhere.
    for (const text of [...done.steps.map((step) => step.output), done.run.deliverable]) {
      for (const setup of ['Workspace Settings', 'No brand voice is set', 'Connect Google Analytics', 'Connections', 'Agent Configuration', 'Upload', 'LLM_PROVIDER']) expect(text).not.toContain(setup);
    }
  }, 60_000);

  it('reads the GA4 figures as a step when a property is linked and an agent that reads them is chosen', async () => {
    const owner = await ownerWithKnowledge();
    await connectDemo(t, owner, owner.defaultSpace.id);
    const [account] = await accountsOf(t, owner, owner.defaultSpace.id);
    const linked = await ga4Call(t, owner, owner.defaultSpace.id, 'POST', '/link', {
      google_oauth_account_id: account!.id,
      ga4_property_id: '900000001',
      ga4_property_display_name: 'Demo Store',
    });
    expect(linked.statusCode).toBe(201);
    const caller = callerOf(owner);
    const plan = await newRun(t.app, caller, { goal: 'Plan the spring launch for small business owners', agents: ['cmo', 'email', 'brand-voice'] });
    expect(plan.steps.map((step) => step.kind)).toEqual(['research', 'analytics', 'brief', 'draft', 'brand_check', 'revise']);
    await runAction(t.app, caller, plan.run.id, 'approve');
    const done = await waitForStatus(t.app, caller, plan.run.id, ['succeeded', 'failed', 'waiting_for_answer', 'paused']);
    expect(done.run.status).toBe('succeeded');
    const figures = done.steps[1]!;
    expect(figures.output).toContain('Demo Store');
    expect(figures.output).toContain('### What it means for this goal');
    expect(figures.activity[0]).toMatchObject({ tool: 'analytics_report' });
  }, 60_000);

  it('refuses bad input with the field named, and documents from outside the space', async () => {
    const owner = await ownerWithKnowledge();
    const other = await ownerWithKnowledge();
    const foreign = await seedDocument(t.database, { spaceId: other.defaultSpace.id, filename: 'theirs.md', passages: PASSAGES });
    const caller = callerOf(owner);
    const cases: [object, string][] = [
      [{ goal: '   ', agents: ['email'] }, 'goal'],
      [{ goal: 'x'.repeat(4001), agents: ['email'] }, 'goal'],
      [{ goal: 'Plan', agents: [] }, 'agents'],
      [{ goal: 'Plan', agents: ['ghost'] }, 'agents'],
      [{ goal: 'Plan', agents: ['email', 'email'] }, 'agents'],
    ];
    for (const [payload, field] of cases) {
      const response = await createRun(t.app, caller, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(JSON.stringify(response.json())).toContain(field);
    }
    const response = await createRun(t.app, caller, { goal: 'Plan', agents: ['email'], referenced_document_ids: [foreign] });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ detail: string }>().detail).toContain(foreign);
  });

  it('lets everyone in the space read a run and only its starter or an owner or admin act on it', async () => {
    const owner = await ownerWithKnowledge();
    const member = await addMember(t.app, t.database, owner);
    const memberCaller = { access_token: member.access_token, spaceId: owner.defaultSpace.id };
    const plan = await newRun(t.app, callerOf(owner), { goal: GOAL, agents: ['email'] });

    expect((await getRun(t.app, memberCaller, plan.run.id)).statusCode).toBe(200);
    const refused = await runAction(t.app, memberCaller, plan.run.id, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe('Members can act only on the runs they started. Ask the person who started it, or an organisation owner or admin.');
    expect((await editStep(t.app, memberCaller, plan.run.id, plan.steps[0]!.id, 'Mine now')).statusCode).toBe(403);

    // Their own run is theirs to run; the owner may act on it too.
    const own = await newRun(t.app, memberCaller, { goal: GOAL, agents: ['email'] });
    expect((await runAction(t.app, callerOf(owner), own.run.id, 'cancel')).statusCode).toBe(200);

    // Another organisation sees nothing of it.
    const stranger = await registerOwner(t.app);
    expect((await getRun(t.app, callerOf(stranger), plan.run.id)).statusCode).toBe(404);
    expect((await runAction(t.app, callerOf(stranger), plan.run.id, 'cancel')).statusCode).toBe(404);
  });

  it("lists the space's runs newest first, with their deliverables, never another space's", async () => {
    const owner = await ownerWithKnowledge();
    const caller = callerOf(owner);
    const first = await newRun(t.app, caller, { goal: 'First goal about spring bookings', agents: ['email'] });
    const second = await newRun(t.app, caller, { goal: 'Second goal about spring bookings', agents: ['seo'] });
    const other = await ownerWithKnowledge();
    await newRun(t.app, callerOf(other), { goal: 'Not yours', agents: ['email'] });

    const page = await t.app.inject({ method: 'GET', url: `${API}/agent-mode/runs?limit=1`, headers: authHeaders(caller.access_token, caller.spaceId) });
    expect(page.json()).toMatchObject({ has_more: true, runs: [{ id: second.run.id }] });
    const all = await t.app.inject({ method: 'GET', url: `${API}/agent-mode/runs`, headers: authHeaders(caller.access_token, caller.spaceId) });
    const body = all.json<{ runs: { id: string; step_count: number; estimate_credits: number }[]; has_more: boolean }>();
    expect(body.runs.map((run) => run.id)).toEqual([second.run.id, first.run.id]);
    expect(body.runs[1]).toMatchObject({ step_count: first.run.step_count, estimate_credits: first.run.estimate_credits });
    expect(body.has_more).toBe(false);
  });

  it('cancels a plan before it starts without charging anything', async () => {
    const owner = await ownerWithKnowledge();
    const caller = callerOf(owner);
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email'] });
    const cancelled = await runAction(t.app, caller, plan.run.id, 'cancel');
    expect(cancelled.json<AgentModeRunDetail>().run).toMatchObject({ status: 'cancelled', credits_charged: 0 });
    expect((await runAction(t.app, caller, plan.run.id, 'approve')).statusCode).toBe(409);
    expect((await runAction(t.app, caller, plan.run.id, 'cancel')).statusCode).toBe(409);
    expect((await runDetail(t.app, caller, plan.run.id)).run.status).toBe('cancelled');
  });
});
