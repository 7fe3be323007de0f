/**
 * An Agent Mode run tells the person who started it when it finishes, stops or asks a question
 * (docs/agent-mode.md "Notifications"): an in-app notification in their list and a Web Push to each
 * device they subscribed, checked at a local push service that verifies VAPID and decrypts the
 * message. Nobody else in the space is told, and a run's notifications share one tag per run.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationList } from '../../src/contract/notifications';
import { kbDocuments } from '../../server/src/db/schema/index';
import { answer, newRun, runAction, waitForStatus, type Caller } from '../helpers/agent-mode-client';
import { seedDocument } from '../helpers/fake-openai-chat';
import { LOCAL_PUSH_SERVICE_ENV, startPushEndpoint, type TestDevice } from '../helpers/push-endpoint';
import { addMember, API, authHeaders, registerOwner, testEngine } from '../helpers/server';
import { until } from '../helpers/wait-until';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';

const PASSAGES = ['New trial users get 14 days of the booking calendar with reminders and a shared team view.'];
const GOAL = 'Write a welcome email for new trial users of the booking calendar';

describe(`Agent Mode notifications (${testEngine})`, () => {
  const pushService = startedForSuite(() => startPushEndpoint());
  const t = appForSuite({ env: LOCAL_PUSH_SERVICE_ENV });

  async function subscribe(accessToken: string): Promise<TestDevice> {
    const device = pushService.device();
    const response = await t.app.inject({ method: 'POST', url: `${API}/notifications/push/subscriptions`, headers: authHeaders(accessToken), payload: device.subscription });
    expect(response.statusCode).toBeLessThan(300);
    return device;
  }

  async function listOf(accessToken: string): Promise<NotificationList> {
    const response = await t.app.inject({ method: 'GET', url: `${API}/notifications`, headers: authHeaders(accessToken) });
    expect(response.statusCode).toBe(200);
    return response.json<NotificationList>();
  }

  it("pushes 'run finished' to the starter's device and lists it in their app, telling nobody else", async () => {
    const owner = await registerOwner(t.app);
    await seedDocument(t.database, { spaceId: owner.defaultSpace.id, filename: 'trial.md', passages: PASSAGES });
    const member = await addMember(t.app, t.database, owner);
    const memberCaller: Caller = { access_token: member.access_token, spaceId: owner.defaultSpace.id };
    const ownerDevice = await subscribe(owner.access_token);
    const memberDevice = await subscribe(member.access_token);

    const plan = await newRun(t.app, memberCaller, { goal: GOAL, agents: ['email'] });
    // Nothing is said about a plan waiting for its own starter's approval.
    expect(memberDevice.received).toEqual([]);
    await runAction(t.app, memberCaller, plan.run.id, 'approve');
    const done = await waitForStatus(t.app, memberCaller, plan.run.id, ['succeeded', 'failed', 'paused', 'waiting_for_answer']);
    expect(done.run.status).toBe('succeeded');

    await until('the push reaching the starter\'s device', () => memberDevice.received.length === 1);
    expect(memberDevice.rejected).toEqual([]);
    const push = memberDevice.received[0]!;
    expect(push.payload).toMatchObject({
      kind: 'run_finished',
      title: 'Agent Mode run finished',
      body: `"${done.run.title}" is ready to read.`,
      url: `/agent-mode?run=${plan.run.id}`,
      tag: `run:${plan.run.id}`,
      space_id: owner.defaultSpace.id,
    });
    expect(push.headers.urgency).toBe('normal');
    const list = await listOf(member.access_token);
    expect(list.unread_count).toBe(1);
    expect(list.notifications.map((n) => [n.kind, n.url, n.read_at])).toEqual([['run_finished', `/agent-mode?run=${plan.run.id}`, null]]);
    // The owner of the organisation did not start it: no push, nothing in their list.
    expect(ownerDevice.received).toEqual([]);
    expect((await listOf(owner.access_token)).notifications).toEqual([]);
  }, 90_000);

  it('pushes the question when a step asks, urgently, then the finish after the answer, both under the run\'s tag', async () => {
    const owner = await registerOwner(t.app);
    const caller: Caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const device = await subscribe(owner.access_token);
    // An empty knowledge base: the research step asks for what it could not find.
    const plan = await newRun(t.app, caller, { goal: 'Write launch emails for the garden centre reopening', agents: ['email'] });
    await runAction(t.app, caller, plan.run.id, 'approve');
    const waiting = await waitForStatus(t.app, caller, plan.run.id, ['waiting_for_answer', 'succeeded', 'failed']);
    expect(waiting.run.status).toBe('waiting_for_answer');
    const question = waiting.steps.find((step) => step.status === 'waiting')!.question!;

    await until('the question reaching the device', () => device.received.length === 1);
    expect(device.received[0]!.payload).toMatchObject({
      kind: 'run_needs_answer',
      title: 'Agent Mode needs your answer',
      url: `/agent-mode?run=${plan.run.id}`,
      tag: `run:${plan.run.id}`,
    });
    // The body names the run and starts the question (clipped to what a notification shows).
    expect(device.received[0]!.payload.body.startsWith(`"${waiting.run.title}": ${question.slice(0, 40)}`)).toBe(true);
    expect(device.received[0]!.headers.urgency).toBe('high');

    await answer(t.app, caller, plan.run.id, { answer: 'We reopen on 5 April with 15% off seedlings for members.' });
    await waitForStatus(t.app, caller, plan.run.id, ['succeeded', 'failed', 'waiting_for_answer']);
    await until('the finish reaching the device', () => device.received.length === 2);
    expect(device.received.map((received) => [received.payload.kind, received.payload.tag])).toEqual([
      ['run_needs_answer', `run:${plan.run.id}`],
      ['run_finished', `run:${plan.run.id}`],
    ]);
    const list = await listOf(owner.access_token);
    expect(list.notifications.map((n) => n.kind).sort()).toEqual(['run_finished', 'run_needs_answer']);
  }, 90_000);

  it('tells the starter when a step fails and the run stops, with the reason', async () => {
    const owner = await registerOwner(t.app);
    const caller: Caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const documentId = await seedDocument(t.database, { spaceId: owner.defaultSpace.id, filename: 'pricing-2026.pdf', passages: ['Prices rise by 5% in May.'] });
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email'], referenced_document_ids: [documentId] });
    await t.database.db.delete(kbDocuments).where(eq(kbDocuments.id, documentId));
    const device = await subscribe(owner.access_token);

    await runAction(t.app, caller, plan.run.id, 'approve');
    const failed = await waitForStatus(t.app, caller, plan.run.id, ['failed', 'succeeded']);
    expect(failed.run.status).toBe('failed');

    await until('the failure reaching the device', () => device.received.length === 1);
    expect(device.received[0]!.payload).toMatchObject({ kind: 'run_finished', title: 'Agent Mode run stopped', tag: `run:${plan.run.id}` });
    expect(device.received[0]!.payload.body).toContain('pricing-2026.pdf');
    // The in-app list has it too (the fallback on devices without push).
    expect((await listOf(owner.access_token)).notifications.map((n) => n.title)).toEqual(['Agent Mode run stopped']);
  }, 90_000);

  it('stays quiet when the starter cancels the run themselves', async () => {
    const owner = await registerOwner(t.app);
    await seedDocument(t.database, { spaceId: owner.defaultSpace.id, filename: 'trial.md', passages: PASSAGES });
    const caller: Caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const plan = await newRun(t.app, caller, { goal: GOAL, agents: ['email'] });
    expect((await runAction(t.app, caller, plan.run.id, 'cancel')).statusCode).toBe(200);
    const other = await newRun(t.app, caller, { goal: GOAL, agents: ['email'] });
    await runAction(t.app, caller, other.run.id, 'approve');
    await waitForStatus(t.app, caller, other.run.id, ['succeeded', 'failed']);
    // The finished run's notification is recorded; the cancelled one never is.
    await until('the finished run in the list', async () => (await listOf(owner.access_token)).notifications.length === 1);
    expect((await listOf(owner.access_token)).notifications.map((n) => n.url)).toEqual([`/agent-mode?run=${other.run.id}`]);
  }, 90_000);
});
