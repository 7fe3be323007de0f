/**
 * A chat opened again while the network is slow or gone: the service worker answers the newest
 * page from its saved copy (sw/api-cache.ts, marked X-Mosaic-Served-From-Cache), which is what the
 * server said the last time it was asked. The device holds newer rows than that (a reply the stream
 * delivered since, versions made since): they stay, on the device and on screen, instead of the
 * chat losing them for as long as the screen is open. A device holding nothing of the chat still
 * shows the saved copy (it is all there is).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '../../../src/contract/agents';
import { db } from '../../../src/db';
import { agentsState, loadSessionMessages } from '../../../src/features/agents/agents.store';
import { mergeMessages } from '../../../src/features/agents/agents.sync';
import { getCurrentSpace } from '../../../src/features/spaces/spaces.store';
import { SERVED_FROM_CACHE_HEADER, reportNetworkSuccess } from '../../../src/pwa';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { SESSION, setUpChatScreenTests } from './chat-support';
import { message } from './fake-agents';

const at = (second: number) => new Date(Date.parse('2026-03-01T09:00:00.000Z') + second * 1000).toISOString();
const question = message('m1', 'sess-1', 'user', 'Which keywords for the bakery page?', at(1), null) as ChatMessageDto;
const firstReply = message('m2', 'sess-1', 'assistant', 'Start with bakery near me.', at(2), 'm1') as ChatMessageDto;
// Written since the saved copy was made: another version of the reply, and a follow-up exchange.
const secondReply = message('m2b', 'sess-1', 'assistant', 'Lead with sourdough and seasonal bakes.', at(3), 'm1') as ChatMessageDto;
const followUp = message('m3', 'sess-1', 'user', 'And the meta description?', at(4), 'm2b') as ChatMessageDto;
const followUpReply = message('m4', 'sess-1', 'assistant', 'Fresh bread daily, baked in town.', at(5), 'm3') as ChatMessageDto;

let api: FakeApi;
/** What the newest page is answered with, and whether it is the worker's saved copy. */
let answer: { messages: ChatMessageDto[]; saved: boolean };

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake) => {
    api = fake;
    answer = { messages: [question, firstReply], saved: true };
    api.on('GET /agents/sessions', () => ({ status: 200, body: [SESSION] }));
    api.on('GET /agents/sessions/sess-1/messages', () => ({
      status: 200,
      body: { session: SESSION, messages: answer.messages, run: null, has_more: false },
      ...(answer.saved ? { headers: { [SERVED_FROM_CACHE_HEADER]: '1' } } : {}),
    }));
  },
});
// A saved answer puts the app offline (client.ts); the next file starts online.
afterEach(() => reportNetworkSuccess());

const spaceId = () => getCurrentSpace()!.id;
const savedIds = async () => (await db.messages.where('sessionId').equals('sess-1').toArray()).map((row) => row.id).sort();

beforeEach(async () => {
  await waitFor(() => expect(getCurrentSpace()).not.toBeNull());
});

describe('a saved answer from the service worker', () => {
  it('does not take away what the device holds that came after it: the rows stay on the device', async () => {
    // The device holds the whole chat as it is now (opened before, the rest delivered since).
    await mergeMessages(spaceId(), [question, firstReply, secondReply, followUp, followUpReply]);

    expect(await loadSessionMessages('sess-1')).toBeNull();

    expect(await savedIds()).toEqual(['m1', 'm2', 'm2b', 'm3', 'm4']);
  });

  it('keeps the conversation on screen, with its versions, when the chat is opened again with a saved answer', async () => {
    await mergeMessages(spaceId(), [question, firstReply, secondReply, followUp, followUpReply]);

    renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/messages')).toHaveLength(1));
    // The answer has been dealt with (saved or not) once the chat is no longer loading.
    await waitFor(() => expect(agentsState.messagesLoading['sess-1']).toBe(false));

    expect(await savedIds()).toEqual(['m1', 'm2', 'm2b', 'm3', 'm4']);
    await waitFor(() => expect(within(log).getByText('Fresh bread daily, baked in town.')).toBeTruthy());
    expect(within(log).getByRole('group', { name: 'Versions of this reply' })).toBeTruthy();
  });

  it('is shown when the device holds nothing of the chat (it is all there is)', async () => {
    await loadSessionMessages('sess-1');

    expect(await savedIds()).toEqual(['m1', 'm2']);
  });

  it('a live answer is still the chat: it replaces what the device held', async () => {
    await mergeMessages(spaceId(), [question, firstReply, secondReply]);
    answer = { messages: [question, secondReply], saved: false };

    await loadSessionMessages('sess-1');

    expect(await savedIds()).toEqual(['m1', 'm2b']);
  });
});
