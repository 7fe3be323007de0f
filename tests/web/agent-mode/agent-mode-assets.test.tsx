/**
 * Creative assets on an Agent Mode goal (docs/agent-mode.md "Attached assets"): picked in the goal
 * form from the space's assets on the device, shown as removable chips, sent as asset_ids with the
 * goal, and listed on the run the server made; offline, the picker is disabled and says why.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../src/db';
import { toAssetRow } from '../../../src/features/assets/assets.queries';
import { reportNetworkFailure } from '../../../src/pwa';
import { type FakeApi } from '../app/support/fake-api';
import { renderApp, waitForLocation } from '../app/support/render-app';
import { asset, installFakeAssets } from '../assets/fake-assets';
import { prepareAgentModeScreenTests } from './agent-mode-screen-support';
import { type FakeAgentMode } from './fake-agent-mode';

const GOAL = 'Plan the spring launch email sequence for small business owners';

let api: FakeApi;
let fake: FakeAgentMode;

prepareAgentModeScreenTests((fakeApi, fakeAgentMode) => {
  api = fakeApi;
  fake = fakeAgentMode;
});

async function seedAssets() {
  const brief = asset({ name: 'Spring brief', kind: 'text', mime_type: 'text/markdown', thumbnail_version: null });
  const visual = asset({ name: 'Hero visual.png' });
  installFakeAssets(api, [brief, visual]);
  await db.assets.bulkPut([toAssetRow('s1', brief), toAssetRow('s1', visual)]);
  fake.assets = [brief, visual].map(({ id, name, kind }) => ({ id, name, kind }));
  return { brief, visual };
}

describe('attaching assets to a goal', () => {
  it('picks assets as removable chips, sends their ids with the goal, and shows them on the run', async () => {
    const { brief } = await seedAssets();
    const { user, location } = renderApp('/agent-mode');
    await user.type(await screen.findByRole('textbox', { name: 'Goal' }), GOAL);

    await user.click(screen.getByRole('button', { name: 'Attach assets' }));
    const picker = await screen.findByRole('dialog', { name: 'Attach assets' });
    await user.click(within(picker).getByRole('checkbox', { name: 'Hero visual.png' }));
    await user.type(within(picker).getByRole('textbox', { name: 'Search assets to attach' }), 'brief');
    await user.click(within(picker).getByRole('checkbox', { name: 'Spring brief' }));
    await user.keyboard('{Escape}');

    const chips = await screen.findByRole('list', { name: 'Assets this run will use' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Hero visual.png', 'Spring brief']);
    // The button says how many go with the goal, in its visible text.
    expect(screen.getByRole('button', { name: 'Attach assets (2)' })).toBeTruthy();
    await user.click(within(chips).getByRole('button', { name: 'Remove Hero visual.png' }));
    // Removing a chip only removes it: the plan is made when the person asks for it.
    expect(api.callsTo('POST /agent-mode/runs')).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Attach assets (1)' })).toBeTruthy());
    expect(within(screen.getByRole('list', { name: 'Assets this run will use' })).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Spring brief']);

    await user.click(screen.getByRole('button', { name: 'Make a plan' }));
    await waitForLocation(location, '/agent-mode?run=run-1');
    const [created, ...others] = api.callsTo('POST /agent-mode/runs');
    expect(others).toHaveLength(0);
    expect(created!.body).toMatchObject({ goal: GOAL, asset_ids: [brief.id] });

    const carried = await screen.findByRole('list', { name: 'Attached assets' });
    expect(within(carried).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Spring brief']);
    // Saved on the device with the run, so the run says what it carried when opened offline.
    expect((await db.agentModeRuns.get('run-1'))?.run.attached_assets).toEqual([{ id: brief.id, name: 'Spring brief', kind: 'text' }]);
  });

  it('sends no asset_ids when none are attached, and shows no attached list on the run', async () => {
    await seedAssets();
    const { user, location } = renderApp('/agent-mode');
    await user.type(await screen.findByRole('textbox', { name: 'Goal' }), GOAL);
    await user.click(screen.getByRole('button', { name: 'Make a plan' }));
    await waitForLocation(location, '/agent-mode?run=run-1');
    expect(api.callsTo('POST /agent-mode/runs')[0]!.body).not.toHaveProperty('asset_ids');
    await screen.findByRole('list', { name: 'Steps' });
    expect(screen.queryByRole('list', { name: 'Attached assets' })).toBeNull();
  });

  it('disables the picker offline and says why', async () => {
    await seedAssets();
    renderApp('/agent-mode');
    await screen.findByRole('textbox', { name: 'Goal' });
    expect(screen.getByRole('button', { name: 'Attach assets' })).not.toHaveProperty('disabled', true);
    api.offline = true;
    act(() => reportNetworkFailure());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Attach assets' })).toHaveProperty('disabled', true));
    // The reason is read out beside the control (and shown as its tooltip on hover or focus).
    const wrapper = screen.getByRole('button', { name: 'Attach assets' }).parentElement!;
    expect(wrapper.textContent).toContain("You're offline. This needs a connection.");
  });
});
