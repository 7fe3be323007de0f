/**
 * A new chat whose chat screen's code is still downloading when the first message is accepted (a
 * first visit over a slow network): the agent's start page stays, with the message and its reply
 * as it streams, instead of a loader; the chat screen then takes over with the message in place.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp, waitForLocation } from '../app/support/render-app';
import { setUpChatScreenTests } from './chat-support';
import { controlledStream } from './controlled-stream';

// The chat screen's code, held until the test lets it arrive.
const chatScreen = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('../../../src/features/agents/pages/AgentChatSessionPage', async (importOriginal) => {
  await chatScreen.arrived;
  return importOriginal();
});

let api: FakeApi;

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake) => {
    api = fake;
  },
});

describe('a new chat while its chat screen’s code downloads', () => {
  it('keeps the first message and its streaming reply on the start page, then opens the chat with it', async () => {
    const stream = controlledStream();
    api.on('GET /agents/sessions/sess-1/stream', () => ({ status: 200, stream: stream.body }));
    const session = { id: 'sess-1', title: 'Bakery keywords', agent_slug: 'seo', created_at: new Date().toISOString(), updated_at: new Date().toISOString() };
    api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session, messages: [], run: null } }));
    const { user, location } = renderApp('/agents/seo');
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Keywords for bakery software?{Enter}');

    // Accepted: the address is the chat's, and the start page is still there with the message.
    await waitForLocation(location, '/agents/seo/chat/sess-1');
    const sent = await screen.findByTestId('pending-message');
    expect(within(sent).getByText('Keywords for bakery software?')).toBeTruthy();
    await waitFor(() => expect(within(sent).getByText('Sent')).toBeTruthy());
    expect(screen.queryByRole('status', { name: 'Loading screen' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'SEO', level: 1 })).toBeTruthy();
    // Its reply streams in under it meanwhile.
    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/stream')).toHaveLength(1));
    stream.delta('Start with bakery POS');
    const streaming = await screen.findByTestId('streaming-reply');
    await waitFor(() => expect(within(streaming).getByText(/Start with bakery POS/)).toBeTruthy());

    await act(async () => chatScreen.arrive());
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(within(log).getByText('Keywords for bakery software?')).toBeTruthy();
    await waitFor(() => expect(within(log).getByText(/Start with bakery POS/)).toBeTruthy());
  });
});
