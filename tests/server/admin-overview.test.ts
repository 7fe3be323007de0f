/**
 * The admin dashboard's figures, from a platform built through the API: organisations and people
 * (suspended, platform admins, active in the last 7 and 30 days), credits spent, documents and
 * their failures, the job queues (a real pg-boss queue with a job that fails for good) and the
 * latest failures listed with their errors; agent runs counted from the runs, answered in 24 h included.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '../../src/contract/admin';
import { authHeaders, API, testEngine } from '../helpers/server';
import { until } from '../helpers/wait-until';
import { sendAsync, waitForReply, type AcceptedBody } from '../helpers/fake-openai-chat';
import { startedForSuite } from '../helpers/suite-fixtures';
import { brokenPdf, MIME } from './kb-fixtures';
import { createKbTestApp, uploadFile, waitForProcessed } from './kb-helpers';
import { addPerson, newOrganisation } from './org-helpers';
import { adminCall, signInPlatformAdmin } from './admin-helpers';

describe(`admin: dashboard figures (${testEngine})`, () => {
  const t = startedForSuite(() => createKbTestApp());
  let overview: () => Promise<AdminOverview>;

  beforeAll(async () => {
    const support = await signInPlatformAdmin(t, 'support_admin');
    const system = await signInPlatformAdmin(t, 'system_admin');
    overview = async () => (await adminCall(t, 'GET', '/admin/overview', support.access_token)).json<AdminOverview>();

    const first = await newOrganisation(t, 'Alder Agency');
    const second = await newOrganisation(t, 'Birch Brands');
    const member = await addPerson(t, second, 'Ola Outgoing');
    await adminCall(t, 'POST', `/admin/users/${member.user.id}/suspend`, system.access_token, { reason: 'Left the company' });
    // 120 credits spent by the first organisation.
    await t.app.inject({
      method: 'POST',
      url: `${API}/billing/credits/deduct`,
      headers: authHeaders(first.access_token, first.defaultSpace.id),
      payload: { amount: 120, feature_type: 'chat' },
    });
    const caller = { token: first.access_token, spaceId: first.defaultSpace.id };
    // One chat reply (20 credits): an agent run answered, wherever it ran.
    const chatter = { access_token: first.access_token, spaceId: first.defaultSpace.id };
    const accepted = (await sendAsync(t.app, chatter, 'email', { message: 'Draft the welcome email' })).json<AcceptedBody>();
    await waitForReply(t.app, chatter, accepted.session_id, accepted.created_at);
    const upload = await uploadFile(t.app, caller, { filename: 'q3-plan.pdf', contentType: MIME.pdf, bytes: brokenPdf() });
    await waitForProcessed(t.app, caller, upload.commit.json().id);
    // A background job that fails with no retries left.
    await t.deps.jobs.work('admin-test-failing', async () => {
      throw new Error('Mail relay refused the connection');
    });
    await t.deps.jobs.send('admin-test-failing', { attempt: 1 }, { retryLimit: 0 });
  });

  it('counts organisations, people, activity, credits and documents', async () => {
    const figures = await overview();
    expect(figures.organizations).toEqual({ total: 2, new_30d: 2 });
    // 2 owners, 1 member, 2 platform admins.
    expect(figures.users).toEqual({ total: 5, suspended: 1, platform_admins: 2, new_30d: 5, active_7d: 5, active_30d: 5 });
    expect(figures.credits).toEqual({ used_30d: 140, used_total: 140 });
    expect(figures.documents).toEqual({ total: 1, processing: 0, failed: 1 });
    // The chat reply counts as done whether the process that took the message answered it or the
    // agent-run queue did: the figure is read from the runs, not from the queue.
    expect(figures.runs).toEqual({ last_30d: 1, open: 0, done_24h: 1, failed_7d: 0 });
  });

  it('shows each job queue and the jobs that failed for good, with the failed document', async () => {
    let figures = await overview();
    await until('the failing job to be failed', async () => {
      figures = await overview();
      return figures.jobs.queues.some((queue) => queue.name === 'admin-test-failing' && queue.failed_24h === 1);
    });
    const failing = figures.jobs.queues.find((queue) => queue.name === 'admin-test-failing');
    expect(failing).toMatchObject({ waiting: 0, active: 0, failed_24h: 1, completed_24h: 0, oldest_waiting_at: null });
    // The document's processing job ran and completed (the document failed, not the job).
    expect(figures.jobs.queues.find((queue) => queue.name === 'kb-process-document')).toMatchObject({ failed_24h: 0, waiting: 0 });

    const job = figures.failures.find((failure) => failure.kind === 'job');
    expect(job).toMatchObject({ title: 'admin-test-failing', detail: 'Mail relay refused the connection', org_id: null });
    const document = figures.failures.find((failure) => failure.kind === 'document');
    expect(document).toMatchObject({ title: 'q3-plan.pdf', org_name: 'Alder Agency', detail: expect.stringContaining('This PDF could not be read') });
    const times = figures.failures.map((failure) => failure.at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
