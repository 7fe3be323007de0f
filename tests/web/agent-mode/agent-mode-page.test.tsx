/**
 * The Agent Mode screen (docs/agent-mode.md "Client") through the real router, stores, request
 * layer and Dexie against the fake backend: a goal with suggested agents becomes a plan with its
 * estimate, a step is edited, the run starts and its steps stream into the timeline and the
 * deliverable; on a phone the two are tabs; a question is answered; past runs read offline; a run
 * that finishes while the person is elsewhere in the app says so.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, wipeSpace } from '../../../src/db';
import { type FakeApi } from '../app/support/fake-api';
import { setViewportWidth } from '../app/support/dom';
import { renderApp, signInAs, signOut, waitForLocation } from '../app/support/render-app';
import { installBrowserNotifications } from '../pwa/browser-notifications';
import { prepareAgentModeScreenTests } from './agent-mode-screen-support';
import { makeRun, type FakeAgentMode } from './fake-agent-mode';

let api: FakeApi;
let fake: FakeAgentMode;

prepareAgentModeScreenTests((fakeApi, fakeAgentMode) => {
  api = fakeApi;
  fake = fakeAgentMode;
});

async function startRun() {
  const view = renderApp('/agent-mode?run=run-1');
  await screen.findByRole('heading', { level: 1, name: fake.detail.run.goal });
  await view.user.click(screen.getByRole('button', { name: 'Start run' }));
  const stream = await fake.stream(0);
  return { ...view, stream };
}

describe('Agent Mode on a desktop (1280 px)', () => {
  it('turns a goal into a plan with suggested agents, and shows the estimate before anything runs', async () => {
    fake.listed = [makeRun('old-1', 'Autumn newsletter', { status: 'succeeded', steps_done: 5, credits_charged: 60, deliverable: '# Autumn' })];
    const { user, location } = renderApp('/agent-mode');
    await screen.findByRole('heading', { level: 1, name: 'Agent Mode' });
    // Past runs come from the server into the device, and the list reads the device.
    const pastRuns = await screen.findByRole('list', { name: 'Past runs' });
    await waitFor(() => expect(within(pastRuns).getByText('Autumn newsletter')).toBeTruthy());

    await user.type(screen.getByRole('textbox', { name: 'Goal' }), 'Plan the spring launch email sequence for small business owners');
    const picker = screen.getByRole('group', { name: /Agents/ });
    const pressed = () => within(picker).getAllByRole('button', { pressed: true }).map((button) => button.textContent);
    expect(pressed()).toEqual([expect.stringContaining('Brand Voice'), expect.stringContaining('CMO'), expect.stringContaining('Email')]);
    await user.click(within(picker).getByRole('button', { name: /SEO/ }));
    await user.click(screen.getByRole('button', { name: 'Make a plan' }));

    await waitForLocation(location, '/agent-mode?run=run-1');
    const [created] = api.callsTo('POST /agent-mode/runs');
    expect(created!.body).toEqual({
      goal: 'Plan the spring launch email sequence for small business owners',
      agents: ['email', 'cmo', 'brand-voice', 'seo'],
      mode: 'normal',
      referenced_document_ids: [],
    });
    const steps = await screen.findByRole('list', { name: 'Steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('About 60 credits')).toBeTruthy();
    expect(screen.getByText(/You have 1,800\. Each step is charged when it runs/)).toBeTruthy();
    expect(screen.getByText('Plan ready')).toBeTruthy();
  });

  it('edits a step before it runs, then streams the steps into the timeline and the deliverable', async () => {
    const view = renderApp('/agent-mode?run=run-1');
    await screen.findByRole('heading', { level: 1, name: fake.detail.run.goal });
    await view.user.click(screen.getByRole('button', { name: 'Edit step 3: Write the draft' }));
    const field = screen.getByRole('textbox', { name: 'Instruction for this step' });
    await view.user.clear(field);
    await view.user.type(field, 'Three emails: announce, proof, last call.');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Three emails: announce, proof, last call.');
    expect(api.callsTo('PATCH /agent-mode/runs/run-1/steps/step-3')[0]!.body).toEqual({ instruction: 'Three emails: announce, proof, last call.' });

    await view.user.click(screen.getByRole('button', { name: 'Start run' }));
    const stream = await fake.stream(0);
    expect(api.callsTo('POST /agent-mode/runs/run-1/approve')).toHaveLength(1);

    act(() => stream.run(fake.with({ status: 'running', current_step_id: 'step-1' }, [{ status: 'running', charged: true, activity: [{ tool: 'knowledge_search', summary: 'Searched for spring launch: 3 passages' }] }])));
    await screen.findByText('Searched for spring launch: 3 passages');
    act(() => stream.delta('step-1', 'The launch opens on '));
    act(() => stream.delta('step-1', '3 March.'));
    await screen.findByText('The launch opens on 3 March.');
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();

    // The draft writes into the deliverable pane as it comes.
    const done = { status: 'succeeded' as const, output: 'The launch opens on 3 March.', charged: true };
    act(() => stream.run(fake.with({ status: 'running', current_step_id: 'step-3', steps_done: 2 }, [done, { status: 'succeeded', charged: true, output: 'Brief.' }, { status: 'running', charged: true }])));
    act(() => stream.delta('step-3', '# Spring launch\n\nHi {first name}, '));
    const deliverable = screen.getByTestId('deliverable');
    await waitFor(() => expect(within(deliverable).getByText(/Hi \{first name\}/)).toBeTruthy());
    expect(screen.getByText(/Writing the deliverable… \d+ words so far/)).toBeTruthy();

    const final = '# Spring launch\n\nHi {first name}, we open on 3 March.';
    const finished = fake.with({ status: 'succeeded', steps_done: 5, deliverable: final, credits_charged: 60 }, [done, done, { ...done, output: final }, done, { ...done, output: final }]);
    fake.detail = finished;
    act(() => stream.done(finished));
    await waitFor(() => expect(within(deliverable).getByText('Hi {first name}, we open on 3 March.')).toBeTruthy());
    expect(screen.getByText('Finished')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).not.toHaveProperty('disabled', true);
    // Saved on the device with the deliverable: readable offline later.
    expect((await db.agentModeRuns.get('run-1'))?.run.deliverable).toBe(final);
  });

  it('shows a step\'s question, sends the answer, and follows the run again', async () => {
    const { user, stream } = await startRun();
    const question = 'Which date does the launch open?';
    const waiting = fake.with({ status: 'waiting_for_answer', current_step_id: 'step-1' }, [{ status: 'waiting', question, charged: true, output: 'Searched: nothing found.' }]);
    fake.detail = waiting;
    act(() => stream.done(waiting));
    const card = await screen.findByRole('form', { name: 'CMO asks' });
    expect(within(card).getByText(question)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));
    expect(await within(card).findByText('Write an answer, or go on without one.')).toBeTruthy();
    await user.type(within(card).getByRole('textbox', { name: 'Your answer' }), 'On 3 March.');
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(api.callsTo('POST /agent-mode/runs/run-1/answer')[0]?.body).toEqual({ answer: 'On 3 March.' }));
    // Answered: the run moves again and its stream is followed anew.
    await fake.stream(1);
  });

  it('lets a member read a colleague\'s run but not act on it, and says why', async () => {
    await signOut();
    await signInAs(api, 'org_member');
    renderApp('/agent-mode?run=run-1');
    await screen.findByRole('heading', { level: 1, name: fake.detail.run.goal });
    const start = screen.getByRole('button', { name: 'Start run' });
    expect(start).toHaveProperty('disabled', true);
    expect(screen.getAllByText('Members can act only on the runs they started. Ask the person who started it, or an organisation owner or admin.').length).toBeGreaterThan(0);
  });
});

describe('Agent Mode on a phone (390 px)', () => {
  it('shows the plan and the deliverable as tabs, and marks the deliverable tab while it is written', async () => {
    setViewportWidth(390);
    const { user, stream } = await startRun();
    const planTab = screen.getByRole('tab', { name: /^Plan/ });
    expect(planTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('list', { name: 'Steps' })).toBeTruthy();
    expect(screen.queryByTestId('deliverable')).toBeNull();

    act(() => stream.run(fake.with({ status: 'running', current_step_id: 'step-3' }, [{ status: 'succeeded', output: 'Found.' }, { status: 'succeeded', output: 'Brief.' }, { status: 'running' }])));
    act(() => stream.delta('step-3', '# Spring launch\n\nHello there.'));
    await screen.findByRole('tab', { name: 'Deliverable, being written' });
    await user.click(screen.getByRole('button', { name: 'Show the deliverable' }));
    expect(screen.getByRole('tab', { name: /Deliverable/ }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(within(screen.getByTestId('deliverable')).getByText('Hello there.')).toBeTruthy());
    expect(screen.queryByRole('list', { name: 'Steps' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: /^Plan/ }));
    expect(screen.getByRole('list', { name: 'Steps' })).toBeTruthy();
  });

  it('puts a new run and the past runs on tabs of the start screen', async () => {
    setViewportWidth(390);
    fake.listed = [makeRun('old-1', 'Autumn newsletter', { status: 'succeeded' })];
    const { user } = renderApp('/agent-mode');
    await screen.findByRole('textbox', { name: 'Goal' });
    await user.click(await screen.findByRole('tab', { name: /Past runs/ }));
    await screen.findByText('Autumn newsletter');
    expect(screen.queryByRole('textbox', { name: 'Goal' })).toBeNull();
  });
});

describe('past runs offline, and notices', () => {
  it('reads past runs and their deliverables from the device when the server cannot be reached', async () => {
    const finished = makeRun('old-1', 'Autumn newsletter', { status: 'succeeded', steps_done: 5, deliverable: '# Autumn newsletter\n\nOur autumn offer.' });
    fake.listed = [finished];
    api.on('GET /agent-mode/runs/old-1', () => ({ status: 200, body: { run: finished, steps: [] } }));
    const first = renderApp('/agent-mode');
    await screen.findByText('Autumn newsletter');
    first.view.unmount();

    api.on('GET /agent-mode/runs', () => Promise.reject(new TypeError('Failed to fetch')));
    api.on('GET /agent-mode/runs/old-1', () => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderApp('/agent-mode');
    await screen.findByText('Could not load your runs. Showing the ones saved on this device.');
    await user.click(await screen.findByRole('link', { name: /Autumn newsletter/ }));
    await waitFor(() => expect(within(screen.getByTestId('deliverable')).getByText('Our autumn offer.')).toBeTruthy());

    // A space switch takes the space's runs off the device.
    await wipeSpace('s1');
    expect(await db.agentModeRuns.count()).toBe(0);
  });

  it('tells the person a run finished while they were elsewhere in the app, and in the browser when the app is hidden', async () => {
    const browser = installBrowserNotifications('granted');
    localStorage.setItem('ma_notifications_opt_in', 'true');
    browser.setVisibility('visible');
    const { stream, router, user } = await startRun();
    router.navigate('/dashboard');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Steps' })).toBeNull());
    const waiting = fake.with({ status: 'waiting_for_answer' }, [{ status: 'waiting', question: 'Which date?', charged: true }]);
    fake.detail = waiting;
    act(() => stream.done(waiting));
    await screen.findByText('Agent Mode needs your answer');
    expect(browser.registration.shown).toHaveLength(0);

    // Answered elsewhere; the next rest comes while the app is hidden: a browser notification.
    browser.setVisibility('hidden');
    router.navigate('/agent-mode?run=run-1');
    await screen.findByRole('form', { name: 'CMO asks' });
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'On 3 March.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    const next = await fake.stream(1);
    const finished = fake.with({ status: 'succeeded', steps_done: 5, deliverable: '# Done' }, Array(5).fill({ status: 'succeeded' }));
    act(() => next.done(finished));
    await waitFor(() => expect(browser.registration.shown.map((shown) => shown.title)).toEqual(['Agent Mode run finished']));
    expect(browser.registration.shown[0]!.options).toMatchObject({ tag: 'run:run-1', data: { url: '/agent-mode?run=run-1' } });
  });

  it("marks the in-app notification of the run on screen read, and leaves another run's unread", async () => {
    const about = (id: string, runId: string) => ({
      id,
      kind: 'run_finished',
      title: 'Agent Mode run finished',
      body: `"${runId}" is ready to read.`,
      url: `/agent-mode?run=${runId}`,
      tag: `run:${runId}`,
      space_id: 's1',
      created_at: '2026-03-01T09:30:00.000Z',
      read_at: null as string | null,
    });
    let items = [about('n-1', 'run-1'), about('n-2', 'run-2')];
    const unread = () => items.filter((item) => item.read_at === null).length;
    api.on('GET /notifications', () => ({ status: 200, body: { notifications: items, unread_count: unread() } }));
    api.on('POST /notifications/read', (call) => {
      const ids = (call.body as { ids: string[] }).ids;
      items = items.map((item) => (ids.includes(item.id) ? { ...item, read_at: '2026-03-01T09:31:00.000Z' } : item));
      return { status: 200, body: { unread_count: unread() } };
    });

    // The sidebar (and its notification list) shows beside the page on a desktop. The app's router
    // follows the address bar; the test's memory router does not, so the address is set as well.
    setViewportWidth(1280);
    window.history.replaceState(null, '', '/agent-mode?run=run-1');
    try {
      renderApp('/agent-mode?run=run-1');
      await screen.findByRole('heading', { level: 1, name: fake.detail.run.goal });
      await screen.findByRole('button', { name: 'Notifications, 1 unread' });
      expect(api.callsTo('POST /notifications/read').map((call) => call.body)).toEqual([{ ids: ['n-1'] }]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
