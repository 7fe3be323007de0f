/**
 * The chat session screen through the real router, stores and Dexie: shows the conversation,
 * sends with a temporary message, shows the reply when the poll brings it, and still opens the
 * chat when the server cannot be reached.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { message } from './fake-agents';
import { setUpChatScreenTests } from './chat-support';


let api: FakeApi;

const earlier = '2026-03-01T09:00:00.000Z';
const history = [
  message('m1', 'sess-1', 'user', 'Which keywords for bakery software?', earlier),
  message('m2', 'sess-1', 'assistant', '### Search intent\n\nOwners compare **bakery software**. <script>window.hacked = true</script>', '2026-03-01T09:00:05.000Z'),
];

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake, fakeChat) => {
    api = fake;
    const chat = fakeChat;
    chat.pollReply = (_call, nth) => ({
      status: 200,
      body: {
        run: null,
        timed_out: false,
        messages: nth === 1 ? [message('m4', 'sess-1', 'assistant', 'Try **bakery POS** as a keyword.', new Date().toISOString())] : [],
      },
    });
    api.on('GET /agents/sessions', () => ({ status: 200, body: [{ id: 'sess-1', title: 'Which keywords for bakery software?', agent_slug: 'seo', created_at: earlier, updated_at: earlier }] }));
    api.on('GET /agents/sessions/sess-1/messages', () => ({
      status: 200,
      body: { session: { id: 'sess-1', title: 'Which keywords for bakery software?', agent_slug: 'seo', created_at: earlier, updated_at: earlier }, messages: history, run: null },
    }));
  },
});

describe('chat session screen', () => {
  it('shows the conversation with sanitised Markdown, sends, and shows the reply', async () => {
    const { user } = renderApp('/agents/seo/chat/sess-1');
    expect(await screen.findByRole('heading', { name: 'Which keywords for bakery software?' })).toBeTruthy();
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(within(log).getByText('bakery software')).toBeTruthy());
    expect(log.querySelector('script')).toBeNull();
    expect(log.querySelector('h3')?.textContent).toBe('Search intent');

    expect(screen.getByRole('combobox', { name: /Mode: Normal, 20 credits per message/ })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'And for cafés?{Enter}');
    await waitFor(() => expect(within(log).getByText('bakery POS')).toBeTruthy());
    expect(api.callsTo('POST /agents/seo/messages/async')[0]!.body).toMatchObject({ session_id: 'sess-1', message: 'And for cafés?' });
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('opens a saved chat when the server cannot be reached', async () => {
    const first = renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(within(log).getByText('bakery software')).toBeTruthy());
    first.view.unmount();

    api.on('GET /agents/sessions/sess-1/messages', () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/agents/seo/chat/sess-1');
    const again = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(within(again).getByText('bakery software')).toBeTruthy());
    expect(within(again).getByText('Which keywords for bakery software?')).toBeTruthy();
  });

  it('puts the text back when the message is refused', async () => {
    api.on('POST /agents/seo/messages/async', () => ({
      status: 402,
      body: { detail: 'Insufficient credits. This operation requires 20 credits, but you only have 5 remaining.', code: 'INSUFFICIENT_CREDITS' },
    }));
    const { user } = renderApp('/agents/seo/chat/sess-1');
    await screen.findByRole('log', { name: 'Conversation' });
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await user.type(box, 'Keep this text{Enter}');
    await waitFor(() => expect(screen.getAllByText('Insufficient credits. This operation requires 20 credits, but you only have 5 remaining.').length).toBeGreaterThan(0));
    // The refusal and the text come back in separate renders: the text follows the message.
    await waitFor(() => expect(box.value).toBe('Keep this text'));
  });
});
