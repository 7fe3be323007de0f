/**
 * The goal being written on the Agent Mode screen is kept on the device like a chat's unsent
 * message: a reload (or the tab closing) before "Make a plan" loses nothing, a plan made from it
 * forgets it, and a sign-out takes it off the device (src/pwa/use-device-draft.ts).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import { db, readDraft } from '../../../src/db';
import { GOAL_DRAFT_KEY } from '../../../src/features/agent-mode/components/GoalForm';
import { agentModeState } from '../../../src/features/agent-mode/agent-mode.store';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp, signOut, waitForLocation } from '../app/support/render-app';
import { prepareAgentModeScreenTests } from './agent-mode-screen-support';

let api: FakeApi;

// As the app starts (src/main.tsx): the logout wipe among the rest.
beforeAll(() => startOfflineLayer());

prepareAgentModeScreenTests((fakeApi) => {
  api = fakeApi;
});

const GOAL = 'Plan the autumn loyalty emails for our regular customers';

/** What a reload leaves: the device's tables, and a page whose memory starts empty. */
function reload(view: ReturnType<typeof renderApp>['view']) {
  view.unmount();
  agentModeState.draft.goal = '';
  return renderApp('/agent-mode');
}

async function typeGoal(text: string) {
  const opened = renderApp('/agent-mode');
  await screen.findByRole('heading', { level: 1, name: 'Agent Mode' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Goal' }), { target: { value: text } });
  return opened;
}

const goalBox = () => screen.getByRole('textbox', { name: 'Goal' }) as HTMLTextAreaElement;

describe('a goal not yet made into a plan', () => {
  it('is in the box again after a reload, even one right after typing', async () => {
    const first = await typeGoal(GOAL);
    // The page goes away before the save's timer: the words go with it only if saved at once.
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(async () => expect(await readDraft(GOAL_DRAFT_KEY)).toBe(GOAL));

    reload(first.view);
    await screen.findByRole('heading', { level: 1, name: 'Agent Mode' });
    await waitFor(() => expect(goalBox().value).toBe(GOAL));
  });

  it('is forgotten once a plan is made from it', async () => {
    const first = await typeGoal(GOAL);
    await waitFor(async () => expect(await readDraft(GOAL_DRAFT_KEY)).toBe(GOAL));
    fireEvent.click(screen.getByRole('button', { name: 'Make a plan' }));
    await waitForLocation(first.location, '/agent-mode?run=run-1');
    expect(api.callsTo('POST /agent-mode/runs')[0]!.body).toMatchObject({ goal: GOAL });
    expect(await readDraft(GOAL_DRAFT_KEY)).toBe('');

    reload(first.view);
    await screen.findByRole('heading', { level: 1, name: 'Agent Mode' });
    expect(goalBox().value).toBe('');
  });

  it('stays, with its saved copy, when the plan is refused', async () => {
    api.on('POST /agent-mode/runs', () => ({ status: 503, body: { detail: 'Service Unavailable' } }));
    await typeGoal(GOAL);
    fireEvent.click(screen.getByRole('button', { name: 'Make a plan' }));
    await screen.findByRole('alert');
    expect(goalBox().value).toBe(GOAL);
    await waitFor(async () => expect(await readDraft(GOAL_DRAFT_KEY)).toBe(GOAL));
  });

  it('leaves the device at sign-out', async () => {
    await typeGoal(GOAL);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(async () => expect(await db.drafts.count()).toBe(1));
    await signOut();
    expect(await db.drafts.count()).toBe(0);
  });
});
