/**
 * Creative assets attached to an Agent Mode goal (docs/agent-mode.md "Attached assets"), through the
 * real API: the run keeps and shows them; only the space's usable assets are accepted (422 naming
 * `asset_ids` otherwise, nothing made); the offline engine's research quotes them and its deliverable
 * builds on a text asset's words; a model is given them in its prompt; a deleted one stops the step
 * with a refund.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AgentModeRunPage } from '../../src/contract/agent-mode';
import type { Asset } from '../../src/contract/assets';
import { assets } from '../../server/src/db/schema/index';
import { createRun, newRun, runAction, waitForStatus, type Caller } from '../helpers/agent-mode-client';
import { creditsOf, seedDocument } from '../helpers/fake-openai-chat';
import { startFakeOpenAi, type ChatCompletionRequest } from '../helpers/fake-openai';
import { API, authHeaders, registerOwner, testEngine, type TestApp } from '../helpers/server';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';

const GOAL = 'Write a welcome email for new salon owners';
/** Words found nowhere else: if they reach the deliverable, they came from the asset. */
const TAGLINE = 'Every salon that books before 3 March gets the Meadow planner template free.';
/** Shares no word with the goal, so only the asset's place at the front of the material brings it in. */
const OFFER = 'Bookings made before 3 March come with the Meadow planner template at no cost.';

async function ownerCaller(t: TestApp, orgName?: string): Promise<Caller> {
  const owner = await registerOwner(t.app, orgName ? { org_name: orgName } : undefined);
  return { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
}

async function textAsset(t: TestApp, caller: Caller, name: string, content: string): Promise<Asset> {
  const response = await t.app.inject({ method: 'POST', url: `${API}/assets/text`, headers: authHeaders(caller.access_token, caller.spaceId), payload: { name, content, source: 'upload' } });
  if (response.statusCode !== 201) throw new Error(`text asset answered ${response.statusCode}: ${response.body}`);
  return response.json<Asset>();
}

async function runsOf(t: TestApp, caller: Caller): Promise<AgentModeRunPage> {
  return (await t.app.inject({ method: 'GET', url: `${API}/agent-mode/runs`, headers: authHeaders(caller.access_token, caller.spaceId) })).json<AgentModeRunPage>();
}

describe(`Agent Mode goals carrying assets, offline engine (${testEngine})`, () => {
  const t = appForSuite();

  it('keeps the assets on the run, quotes them in the research and builds the deliverable on the text asset', async () => {
    const caller = await ownerCaller(t);
    const tagline = await textAsset(t, caller, 'Spring tagline', TAGLINE);
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email'], asset_ids: [tagline.id] });
    expect(plan.run.attached_assets).toEqual([{ id: tagline.id, name: 'Spring tagline', kind: 'text' }]);
    expect((await runsOf(t, caller)).runs[0]!.attached_assets).toEqual(plan.run.attached_assets);

    await runAction(t.app, caller, plan.run.id, 'approve');
    // The knowledge base is empty: without the asset the research would stop to ask what to rest on.
    const done = await waitForStatus(t.app, caller, plan.run.id, ['succeeded', 'failed', 'waiting_for_answer']);
    expect(done.run.status).toBe('succeeded');
    expect(done.run.attached_assets).toEqual(plan.run.attached_assets);
    const [research, , draft] = done.steps;
    expect(research!.question).toBeNull();
    expect(research!.output).toContain('The later steps rest on the assets you attached.');
    expect(research!.output).toContain(`### From the attached assets\n\n> ${TAGLINE}\n>\n> — **Spring tagline**`);
    expect(research!.activity[0]!.summary).toContain('read 1 attached asset');
    expect(draft!.activity[0]!.summary).toBe('Drew on 0 passages and 1 attached asset');
    expect(done.run.deliverable).toContain(TAGLINE);
    expect(done.run.deliverable).toContain('_Attached assets: Spring tagline_');
  }, 60_000);

  it('leads the draft with the asset even when the knowledge base matches the goal better', async () => {
    const caller = await ownerCaller(t);
    await seedDocument(t.database, {
      spaceId: caller.spaceId,
      filename: 'salon-onboarding.md',
      passages: [
        'New salon owners get a welcome email on their first day with the booking calendar and reminders.',
        'Salon owners who finish the welcome checklist in their first week keep using the calendar.',
        'A welcome email for salon owners should point to the reminders and the shared team view.',
      ],
    });
    const offer = await textAsset(t, caller, 'Spring offer', OFFER);
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email'], asset_ids: [offer.id] });
    await runAction(t.app, caller, plan.run.id, 'approve');
    const done = await waitForStatus(t.app, caller, plan.run.id, ['succeeded', 'failed', 'waiting_for_answer']);
    expect(done.run.status).toBe('succeeded');
    expect(done.steps[0]!.output).toContain('### Sources\n\n- salon-onboarding.md\n\n### From the attached assets');
    // The knowledge base still counts, and the asset's words are in the document the person gets.
    expect(done.run.deliverable).toContain('salon-onboarding.md');
    // Not only quoted under the sources: the email itself is written from it.
    const email = /## Draft\n([\s\S]*?)\n## /.exec(done.run.deliverable)?.[1] ?? '';
    expect(email).toContain(OFFER);
  }, 60_000);

  it("refuses another space's asset with a 422 naming asset_ids, and makes no run", async () => {
    const caller = await ownerCaller(t);
    const stranger = await ownerCaller(t, 'Other Studio');
    const theirs = await textAsset(t, stranger, 'Their secret plan', 'Only they may read this.');
    const response = await createRun(t.app, caller, { goal: GOAL, agents: ['email'], asset_ids: [theirs.id] });
    expect(response.statusCode).toBe(422);
    const message = `These assets are not in this space's Creative Assets: ${theirs.id}`;
    expect(response.json()).toMatchObject({ detail: message, errors: [{ field: 'asset_ids', message }] });
    // Nothing of the other space's asset is told, not even its name.
    expect(response.body).not.toContain('Their secret plan');
    expect((await runsOf(t, caller)).runs).toEqual([]);
  });

  it('refuses an asset that is not ready, an id that is not one, and more than ten', async () => {
    const caller = await ownerCaller(t);
    const pending = await textAsset(t, caller, 'Hero banner', 'A banner still being processed.');
    await t.database.db.update(assets).set({ status: 'processing' }).where(eq(assets.id, pending.id));
    const notReady = await createRun(t.app, caller, { goal: GOAL, agents: ['email'], asset_ids: [pending.id] });
    expect(notReady.statusCode).toBe(422);
    expect(notReady.json()).toMatchObject({ errors: [{ field: 'asset_ids' }] });
    expect(notReady.json<{ detail: string }>().detail).toContain('"Hero banner"');

    const malformed = await createRun(t.app, caller, { goal: GOAL, agents: ['email'], asset_ids: ['not-an-id'] });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ errors: [{ field: 'asset_ids' }] });

    const tooMany = await createRun(t.app, caller, { goal: GOAL, agents: ['email'], asset_ids: Array.from({ length: 11 }, () => pending.id) });
    expect(tooMany.statusCode).toBe(422);
    expect(JSON.stringify(tooMany.json())).toContain('asset_ids');
    expect((await runsOf(t, caller)).runs).toEqual([]);
  });

  it('fails the step with the reason and refunds it when an attached asset was deleted before it ran', async () => {
    const caller = await ownerCaller(t);
    const tagline = await textAsset(t, caller, 'Spring tagline', TAGLINE);
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email'], asset_ids: [tagline.id] });
    const before = await creditsOf(t.app, caller);
    await t.database.db.delete(assets).where(eq(assets.id, tagline.id));

    await runAction(t.app, caller, plan.run.id, 'approve');
    const failed = await waitForStatus(t.app, caller, plan.run.id, ['failed', 'succeeded', 'waiting_for_answer']);
    const reason = 'The asset "Spring tagline" this run carries was deleted from Creative Assets, so this step could not run.';
    expect(failed.run).toMatchObject({ status: 'failed', credits_charged: 0 });
    expect(failed.steps[0]).toMatchObject({ status: 'failed', error: reason, refunded: true });
    // The run still says what it carried.
    expect(failed.run.attached_assets).toEqual([{ id: tagline.id, name: 'Spring tagline', kind: 'text' }]);
    expect(await creditsOf(t.app, caller)).toMatchObject({ remaining: before.remaining });
  }, 60_000);
});

describe(`Agent Mode goals carrying assets, with a model (${testEngine})`, () => {
  const fake = startedForSuite(() => startFakeOpenAi());
  const t = appForSuite(() => ({ env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl } }));

  const systemOf = (request: ChatCompletionRequest) => String(request.messages.find((message) => message.role === 'system')?.content ?? '');
  const stepOf = (request: ChatCompletionRequest) => /## This step: (.+)/.exec(systemOf(request))?.[1] ?? '';

  it('gives the research, brief and draft the attached assets in their prompts, and not the steps that only check', async () => {
    fake.behave({ respond: (request) => (stepOf(request) === 'Write the draft' ? `# Welcome\n\n${TAGLINE}` : `Done: ${stepOf(request)}.`) });
    const caller = await ownerCaller(t);
    const tagline = await textAsset(t, caller, 'Spring tagline', TAGLINE);
    const goal = `${GOAL} (model run)`;
    const plan = await newRun(t.app, caller, { goal, agents: ['email', 'brand-voice'], asset_ids: [tagline.id] });
    await runAction(t.app, caller, plan.run.id, 'approve');
    const done = await waitForStatus(t.app, caller, plan.run.id, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');

    const prompts = new Map(fake.requests.filter((request) => systemOf(request).includes(goal)).map((request) => [stepOf(request), systemOf(request)]));
    for (const step of ['Research the knowledge base', 'Set the brief', 'Write the draft']) {
      expect(prompts.get(step), step).toContain(`## Assets the person attached to the goal`);
      expect(prompts.get(step), step).toContain(`(Spring tagline)\n${TAGLINE}`);
    }
    expect(prompts.get('Check against the brand voice')).not.toContain('## Assets the person attached to the goal');
  }, 60_000);
});
