/**
 * Agent Mode and credits (docs/agent-mode.md "Credits"), on the offline engine: a run stops cleanly
 * when credits run out (paused with the reason, nothing charged for the step it could not start) and
 * carries on when resumed; a lapsed plan refuses the start with the spec's text; a step whose agent
 * or referenced document is gone fails with the reason and is refunded; the ledger always adds up.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STEP_BASE_CREDITS, type AgentModeRunDetail } from '../../src/contract/agent-mode';
import { agentModeSteps, creditTransactions, kbDocuments } from '../../server/src/db/schema/index';
import { agentModeNotificationContent } from '../../server/src/services/agent-mode/notification';
import { newRun, runAction, waitForStatus, type Caller } from '../helpers/agent-mode-client';
import { creditsOf, expirePlan, seedDocument, setRemainingCredits } from '../helpers/fake-openai-chat';
import { registerOwner, testEngine, type RegisteredOwner } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';

const GOAL = 'Write a welcome email for new trial users of the booking calendar';
const PASSAGES = ['New trial users get 14 days of the booking calendar with reminders and a shared team view.'];

describe(`Agent Mode credits (${testEngine})`, () => {
  const t = appForSuite();

  async function owner(): Promise<{ who: RegisteredOwner; caller: Caller }> {
    const who = await registerOwner(t.app);
    await seedDocument(t.database, { spaceId: who.defaultSpace.id, filename: 'trial.md', passages: PASSAGES });
    return { who, caller: { access_token: who.access_token, spaceId: who.defaultSpace.id } };
  }

  async function ledgerOf(orgId: string) {
    const rows = await t.database.db.select().from(creditTransactions).where(and(eq(creditTransactions.orgId, orgId), eq(creditTransactions.feature, 'agent_mode')));
    return { debits: rows.filter((row) => row.transactionType === 'debit'), refunds: rows.filter((row) => row.transactionType === 'refund') };
  }

  it('pauses with the reason when credits run out, charges nothing for that step, and carries on when resumed', async () => {
    const { who, caller } = await owner();
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email'] });
    expect(plan.steps.map((step) => step.kind)).toEqual(['research', 'brief', 'draft']);
    // Enough for the research (5) but not the brief after it (10).
    await setRemainingCredits(t.database, who.user.org_id!, STEP_BASE_CREDITS.research + 2);
    await runAction(t.app, caller, plan.run.id, 'approve');
    const paused = await waitForStatus(t.app, caller, plan.run.id, ['paused', 'succeeded', 'failed']);

    expect(paused.run).toMatchObject({
      status: 'paused',
      pause_reason: 'credits',
      status_message: 'Paused before "Set the brief": it needs 10 credits and 2 are left. Add credits, then resume.',
      steps_done: 1,
      credits_charged: STEP_BASE_CREDITS.research,
    });
    expect(paused.steps.map((step) => [step.status, step.charged])).toEqual([
      ['succeeded', true],
      ['pending', false],
      ['pending', false],
    ]);
    expect((await creditsOf(t.app, caller)).remaining).toBe(2);
    expect(await agentModeNotificationContent(t.database.db, plan.run.id)).toMatchObject({ kind: 'run_needs_answer', title: 'Agent Mode run paused' });

    await setRemainingCredits(t.database, who.user.org_id!, 500);
    expect((await runAction(t.app, caller, plan.run.id, 'resume')).statusCode).toBe(200);
    const done = await waitForStatus(t.app, caller, plan.run.id, ['succeeded', 'failed', 'paused']);
    expect(done.run.status).toBe('succeeded');
    expect(done.run.credits_charged).toBe(plan.run.estimate_credits);
    const { debits, refunds } = await ledgerOf(who.user.org_id!);
    expect(debits).toHaveLength(3);
    expect(refunds).toHaveLength(0);
    expect((await creditsOf(t.app, caller)).remaining).toBe(500 - STEP_BASE_CREDITS.brief - STEP_BASE_CREDITS.draft);
  }, 60_000);

  it("refuses to start when the plan has expired, with the spec's text", async () => {
    const { who, caller } = await owner();
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email'] });
    await expirePlan(t.database, who.user.org_id!);
    const refused = await runAction(t.app, caller, plan.run.id, 'approve');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'PLAN_EXPIRED', detail: 'Your free plan has expired. Please upgrade your plan to continue using AI agents.' });
  });

  it('fails the step and refunds it when a document the goal refers to was deleted', async () => {
    const { who, caller } = await owner();
    const documentId = await seedDocument(t.database, { spaceId: who.defaultSpace.id, filename: 'pricing-2026.pdf', passages: ['Prices rise by 5% in May.'] });
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email'], referenced_document_ids: [documentId] });
    expect(plan.run.referenced_documents).toEqual([{ id: documentId, filename: 'pricing-2026.pdf' }]);
    const before = await creditsOf(t.app, caller);
    await t.database.db.delete(kbDocuments).where(eq(kbDocuments.id, documentId));

    await runAction(t.app, caller, plan.run.id, 'approve');
    const failed = await waitForStatus(t.app, caller, plan.run.id, ['failed', 'succeeded']);
    const reason = 'The document "pricing-2026.pdf" this run refers to was deleted from the knowledge base, so this step could not run.';
    expect(failed.run).toMatchObject({ status: 'failed', status_message: `Step 1 (Research the knowledge base) failed: ${reason} Its credits were refunded.`, credits_charged: 0 });
    expect(failed.steps[0]).toMatchObject({ status: 'failed', error: reason, charged: true, refunded: true });
    expect(failed.steps.slice(1).every((step) => step.status === 'pending')).toBe(true);
    expect(await creditsOf(t.app, caller)).toMatchObject({ used: before.used, remaining: before.remaining });
    const { debits, refunds } = await ledgerOf(who.user.org_id!);
    expect(debits).toHaveLength(1);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.refundOf).toBe(debits[0]!.id);
    expect(await agentModeNotificationContent(t.database.db, plan.run.id)).toMatchObject({ kind: 'run_finished', title: 'Agent Mode run stopped' });
  }, 60_000);

  it('fails the step and refunds it when its agent is no longer available', async () => {
    const { caller } = await owner();
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email'] });
    // An agent taken out of the catalogue after the plan was made (a later version of Mosaic).
    const draft = plan.steps.find((step) => step.kind === 'draft')!;
    await t.database.db.update(agentModeSteps).set({ agentSlug: 'retired-writer' }).where(eq(agentModeSteps.id, draft.id));
    const before = await creditsOf(t.app, caller);

    await runAction(t.app, caller, plan.run.id, 'approve');
    const failed = await waitForStatus(t.app, caller, plan.run.id, ['failed', 'succeeded']);
    const reason = 'The agent "retired-writer" is no longer available, so this step could not run.';
    expect(failed.run.status_message).toBe(`Step 3 (Write the draft) failed: ${reason} Its credits were refunded.`);
    expect(failed.steps.map((step) => [step.status, step.refunded])).toEqual([
      ['succeeded', false],
      ['succeeded', false],
      ['failed', true],
    ]);
    // The two steps that ran stay charged; the failed one costs nothing.
    expect((await creditsOf(t.app, caller)).remaining).toBe(before.remaining - STEP_BASE_CREDITS.research - STEP_BASE_CREDITS.brief);
    expect(failed.run.credits_charged).toBe(STEP_BASE_CREDITS.research + STEP_BASE_CREDITS.brief);
  }, 60_000);

  it('charges in the chosen mode: max costs twice normal, shown in the estimate', async () => {
    const { caller } = await owner();
    const normal = await newRun(t.app, caller, { goal: GOAL, agents: ['email'] });
    const max = await newRun(t.app, caller, { goal: GOAL, agents: ['email'], mode: 'max' });
    expect(max.run.estimate_credits).toBe(normal.run.estimate_credits * 2);
    await runAction(t.app, caller, max.run.id, 'approve');
    const done: AgentModeRunDetail = await waitForStatus(t.app, caller, max.run.id, ['succeeded', 'failed', 'waiting_for_answer']);
    expect(done.run).toMatchObject({ status: 'succeeded', credits_charged: max.run.estimate_credits });
  }, 60_000);
});
