/**
 * The composer on the real chat screens: the agent's saved default mode is preselected, and
 * after sending, focus is back in the message box, ready for the next message.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import { db, readDraft } from '../../../src/db';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp, signOut } from '../app/support/render-app';
import { AGENTS, installFakeChat, message } from './fake-agents';
import { sessionWith, setUpChatScreenTests } from './chat-support';

let api: FakeApi;

// As the app starts (src/main.tsx): the logout wipe among the rest.
beforeAll(() => startOfflineLayer());

setUpChatScreenTests({
  role: 'org_member',
  prepare: (fake, fakeChat) => {
    api = fake;
    const chat = fakeChat;
    chat.pollReply = (_call, nth) => ({
      status: 200,
      body: { run: null, timed_out: false, messages: nth === 1 ? [message('m4', 'sess-1', 'assistant', 'Try **bakery POS**.', new Date().toISOString())] : [] },
    });
    api.on('GET /agents', () => ({ status: 200, body: AGENTS.map((agent) => (agent.slug === 'seo' ? { ...agent, default_mode: 'medium' } : agent)) }));
    sessionWith(api, [message('m1', 'sess-1', 'user', 'Which keywords?', '2026-03-01T09:00:00.000Z'), message('m2', 'sess-1', 'assistant', 'Owners compare **bakery software**.', '2026-03-01T09:00:05.000Z')]);
  },
});

describe('composer', () => {
  it('keeps words typed just before leaving the chat, and none typed just before signing out', async () => {
    const first = renderApp('/agents/seo/chat/sess-1');
    await screen.findByRole('log', { name: 'Conversation' });
    // Leaving at once, before the draft's timer: the words are saved all the same.
    await first.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Half a thought');
    first.view.unmount();
    await waitFor(async () => expect(await readDraft('sess-1')).toBe('Half a thought'));

    renderApp('/agents/seo/chat/sess-1');
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('Half a thought'));
    // The server is slow to confirm the sign-out, and the device is wiped after its answer.
    let confirm!: () => void;
    const confirmed = new Promise<void>((resolve) => (confirm = resolve));
    api.on('POST /logout', async () => {
      await confirmed;
      return { status: 204 };
    });
    // More words, and signing out at once, in one go: they still wait for the draft's timer.
    fireEvent.change(box, { target: { value: 'Half a thought and a private one' } });
    const signingOut = signOut();
    // The chat closes as signing out begins. Nothing is written from then on: a tab closed before
    // the wipe would keep it. The device holds only the words saved before.
    try {
      await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull());
      expect(await db.drafts.toArray()).toMatchObject([{ sessionId: 'sess-1', text: 'Half a thought' }]);
    } finally {
      // Also when the above fails: the sign-out would otherwise never end.
      confirm();
      await signingOut;
    }
    // And the wipe leaves none.
    await waitFor(async () => expect(await db.drafts.toArray()).toEqual([]));
  });

  it("starts a new chat in the agent's saved default mode and sends in it", async () => {
    // A chat of its own, so its wait does not outlive this test into the next.
    installFakeChat(api, 'seo', 'sess-new');
    api.on('GET /agents', () => ({ status: 200, body: AGENTS.map((agent) => (agent.slug === 'seo' ? { ...agent, default_mode: 'medium' } : agent)) }));
    const { user } = renderApp('/agents/seo');
    expect(await screen.findByRole('combobox', { name: 'Mode: Medium, 30 credits per message' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Keywords for cafés{Enter}');
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    expect(api.callsTo('POST /agents/seo/messages/async')[0]!.body).toMatchObject({ mode: 'medium' });
  });

  it('keeps Normal for an agent whose default is Normal', async () => {
    renderApp('/agents/email');
    expect(await screen.findByRole('combobox', { name: 'Mode: Normal, 20 credits per message' })).toBeTruthy();
  });

  it('puts focus back in the message box after sending with the Send button', async () => {
    const { user } = renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'And for cafés?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(log).getByText('bakery POS')).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
  });
});

describe('a refused message', () => {
  it('is said once, beside the box, with the text put back and focus in it', async () => {
    api.on('POST /agents/seo/messages/async', () => ({
      status: 402,
      body: { detail: 'Insufficient credits. This operation requires 30 credits, but you only have 5 remaining.', code: 'INSUFFICIENT_CREDITS' },
    }));
    const { user } = renderApp('/agents/seo/chat/sess-1');
    await screen.findByRole('log', { name: 'Conversation' });
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await user.type(box, 'Keep this text{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Insufficient credits. This operation requires 30 credits, but you only have 5 remaining.');
    // The toaster is on the page, and holds nothing: the one error is the one beside the box.
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    expect(toasts.textContent).toBe('');
    expect(screen.getAllByText(/Insufficient credits/)).toHaveLength(1);
    expect(box.value).toBe('Keep this text');
    expect(document.activeElement).toBe(box);
  });
});
