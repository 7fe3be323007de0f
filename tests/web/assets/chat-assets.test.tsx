/**
 * Creative Assets in the chat: "Save to assets" on a reply keeps it (whole, or each copy variant
 * of a creative reply) and offers to open it; assets attached in the composer go with the message
 * as asset_ids and are cleared once it is accepted.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../src/db';
import { toAssetRow } from '../../../src/features/assets/assets.queries';
import { sessionWith, setUpChatScreenTests } from '../agents/chat-support';
import { message } from '../agents/fake-agents';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { asset, installFakeAssets } from './fake-assets';

let api: FakeApi;
const at = '2026-03-01T09:00:00.000Z';
const creativeReply = [
  '### Core insight',
  'Owners want time back.',
  '',
  '### Concepts',
  '**Concept 1: The everyday win**',
  '- Headline: "Spring, sorted"',
  '',
  '**Concept 2: The bold promise**',
  '- Headline: "Your best season yet"',
].join('\n');

setUpChatScreenTests({
  role: 'org_member',
  prepare: (fake) => {
    api = fake;
    installFakeAssets(api);
    sessionWith(api, [message('m1', 'sess-1', 'user', 'Ideas for spring?', at), message('m2', 'sess-1', 'assistant', creativeReply, '2026-03-01T09:00:05.000Z')]);
  },
});

describe('Save to assets', () => {
  it('offers the whole reply or each variant, saves through the server, and lands in the library on the device', async () => {
    const { user } = renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(within(log).getByText('Owners want time back.')).toBeTruthy());
    await user.click(within(log).getByRole('button', { name: 'Save to assets' }));
    expect(await screen.findByRole('menuitem', { name: 'Save each of the 2 variants' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Save the whole reply' }));
    await waitFor(() => expect(api.callsTo('POST /assets/from-message')[0]?.body).toEqual({ message_id: 'm2', split: 'whole' }));
    expect(await screen.findByText('Saved to Creative Assets as "SEO: a saved reply"')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
    await waitFor(async () => expect((await db.assets.toArray()).map((row) => row.name)).toEqual(['SEO: a saved reply']));
  });
});

describe('attaching assets to a message', () => {
  it('picks assets in the composer, shows them as chips, sends their ids and clears them after sending', async () => {
    const brief = asset({ name: 'Spring brief', kind: 'text', mime_type: 'text/markdown', thumbnail_version: null });
    const visual = asset({ name: 'Hero visual.png' });
    await db.assets.bulkPut([toAssetRow('s1', brief), toAssetRow('s1', visual)]);
    const { user } = renderApp('/agents/seo/chat/sess-1');
    await screen.findByRole('log', { name: 'Conversation' });
    await user.click(screen.getByRole('button', { name: 'Attach assets' }));
    const picker = await screen.findByRole('dialog', { name: 'Attach assets' });
    await user.type(within(picker).getByRole('textbox', { name: 'Search assets to attach' }), 'brief');
    await user.click(within(picker).getByRole('checkbox'));
    await user.keyboard('{Escape}');
    const chips = await screen.findByRole('list', { name: 'Attached assets' });
    expect(within(chips).getByText('Spring brief')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Attach assets (1 attached)' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Tighten this brief{Enter}');
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')[0]?.body).toMatchObject({ message: 'Tighten this brief', asset_ids: [brief.id] }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Attached assets' })).toBeNull());
  });
});
