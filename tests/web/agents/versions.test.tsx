/**
 * Versions and edits on the chat screen (docs/agents.md "Versions and edits"), through the real
 * router, stores, request layer and Dexie against the fake backend: "‹ 2/3 ›" on a message with
 * versions, switching shows that version's own continuation (and survives a reload), a send
 * continues the branch on screen, regenerate streams a new version, an edit sends a new version of
 * the question, and an edit the server refuses keeps the editor open with the reason.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '../../../src/contract/agents';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { controlledStream, runOf } from './controlled-stream';
import { message } from './fake-agents';
import { setUpChatScreenTests } from './chat-support';

const at = (second: number) => `2026-03-01T09:00:${String(second).padStart(2, '0')}.000Z`;
const SESSION = { id: 'sess-1', title: 'Bakery keywords', agent_slug: 'seo', created_at: at(0), updated_at: at(0) };

// Q1 was answered twice (R1a, then R1b); the conversation went on after R1b.
const Q1 = message('q1', 'sess-1', 'user', 'Which keywords for bakeries?', at(1), null);
const R1a = message('r1a', 'sess-1', 'assistant', 'First answer: sourdough.', at(2), 'q1');
const R1b = message('r1b', 'sess-1', 'assistant', 'Second answer: croissants.', at(3), 'q1');
const Q2 = message('q2', 'sess-1', 'user', 'And for cafés?', at(4), 'r1b');
const R2 = message('r2', 'sess-1', 'assistant', 'Flat white keywords.', at(5), 'q2');

let api: FakeApi;
let serverMessages: ChatMessageDto[];
let stream: ReturnType<typeof controlledStream>;

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake) => {
    api = fake;
    serverMessages = [Q1, R1a, R1b, Q2, R2];
    api.on('GET /agents/sessions', () => ({ status: 200, body: [SESSION] }));
    api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session: SESSION, messages: serverMessages, run: null } }));
    stream = controlledStream('run-2');
    api.on('GET /agents/sessions/sess-1/stream', () => ({ status: 200, stream: stream.body }));
  },
});

async function openChat() {
  const rendered = renderApp('/agents/seo/chat/sess-1');
  const log = await screen.findByRole('log', { name: 'Conversation' });
  await waitFor(() => expect(within(log).getByText('Flat white keywords.')).toBeTruthy());
  return { ...rendered, log };
}

const replyVersions = (log: HTMLElement) => within(log).getByRole('group', { name: 'Versions of this reply' });

describe('versions of a reply', () => {
  it('shows "2/2" on a regenerated reply; the other version brings its own continuation, and a send continues it', async () => {
    const { user, log, view } = await openChat();
    // The newest branch: the second answer and what followed it.
    expect(within(replyVersions(log)).getByText('Version 2 of 2')).toBeTruthy();
    expect(within(log).queryByText('First answer: sourdough.')).toBeNull();

    await user.click(within(replyVersions(log)).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(within(log).getByText('First answer: sourdough.')).toBeTruthy());
    expect(within(replyVersions(log)).getByText('Version 1 of 2')).toBeTruthy();
    // That version has no continuation: the later question and answer belong to the other one.
    expect(within(log).queryByText('And for cafés?')).toBeNull();
    expect(within(log).queryByText('Flat white keywords.')).toBeNull();
    // Focus stayed in the switcher (on the button still usable), not on the page.
    expect(document.activeElement).toBe(within(replyVersions(log)).getByRole('button', { name: 'Next version' }));

    // The choice is kept on the device: the chat opens on the same version.
    view.unmount();
    const again = renderApp('/agents/seo/chat/sess-1');
    const reopened = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(within(reopened).getByText('First answer: sourdough.')).toBeTruthy());
    expect(within(reopened).queryByText('Flat white keywords.')).toBeNull();

    // A message sent now follows the version on screen.
    await again.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Sourdough it is{Enter}');
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    expect(api.callsTo('POST /agents/seo/messages/async')[0]!.body).toMatchObject({ session_id: 'sess-1', message: 'Sourdough it is', parent_message_id: 'r1a' });

    stream.done({ run: runOf('run-1', 'succeeded', 'msg-user-1', 'r3'), message: message('r3', 'sess-1', 'assistant', 'Sourdough keywords.', new Date().toISOString(), 'msg-user-1') });
    await waitFor(() => expect(within(reopened).getByText('Sourdough keywords.')).toBeTruthy());
    // Saved, not only shown as it arrived: the list holds it and the streaming reply is gone.
    await waitFor(() => expect(screen.queryByTestId('streaming-reply')).toBeNull());
    // The list settles its scroll once the streaming reply has left it (rows are virtual).
    await waitFor(() => {
      expect(within(reopened).getByText('First answer: sourdough.')).toBeTruthy();
      expect(within(reopened).getByText('Sourdough it is')).toBeTruthy();
    });
  });

  it('regenerates any reply as a new version, streamed like a send, with the earlier one kept', async () => {
    api.on('POST /agents/messages/r2/regenerate/async', () => ({
      status: 202,
      body: { session_id: 'sess-1', run_id: 'run-2', user_message_id: 'q2', replaces_message_id: 'r2', status: 'queued', created_at: new Date().toISOString(), mode: 'normal', credits_charged: 20, credits_remaining: 1760, transaction_id: 'tx-2' },
    }));
    const { user, log } = await openChat();
    const replies = within(log).getAllByRole('button', { name: 'Regenerate reply' });
    expect(replies).toHaveLength(2);
    await user.click(replies[1]!);

    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/stream')).toHaveLength(1));
    stream.delta('Cortado and ');
    const streaming = await screen.findByTestId('streaming-reply');
    await waitFor(() => expect(within(streaming).getByText('Cortado and')).toBeTruthy());
    // While the new version is written, the question shows without an answer and Stop replaces Send.
    expect(within(log).queryByText('Flat white keywords.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    for (const button of within(log).getAllByRole('button', { name: 'Edit message' })) expect((button as HTMLButtonElement).disabled).toBe(true);

    const newest = message('r2b', 'sess-1', 'assistant', 'Cortado and flat white keywords.', new Date().toISOString(), 'q2');
    serverMessages = [...serverMessages, newest];
    stream.done({ run: runOf('run-2', 'succeeded', 'q2', 'r2b'), message: newest });
    // The finished reply stays in its streaming bubble until the conversation has read it back; then
    // it is the second version of that reply.
    await waitFor(() => {
      expect(screen.queryByTestId('streaming-reply')).toBeNull();
      expect(within(log).getByText('Cortado and flat white keywords.')).toBeTruthy();
    });
    const second = within(log).getAllByRole('group', { name: 'Versions of this reply' })[1]!;
    expect(within(second).getByText('Version 2 of 2')).toBeTruthy();
    await user.click(within(second).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(within(log).getByText('Flat white keywords.')).toBeTruthy());
    expect(api.callsTo('POST /agents/messages/r2/regenerate')).toHaveLength(0);
  });
});

describe('editing a message', () => {
  it('sends a new version of the question; its reply follows it, and the earlier version stays', async () => {
    api.on('POST /agents/seo/messages/async', () => ({
      status: 202,
      body: {
        session_id: 'sess-1', message_id: 'q2b', run_id: 'run-2', title: 'Bakery keywords', created_at: new Date().toISOString(), status: 'queued', parent_id: 'r1b',
        mode: 'normal', credits_charged: 20, credits_remaining: 1760, transaction_id: 'tx-2',
      },
    }));
    const { user, log } = await openChat();
    await user.click(within(log).getAllByRole('button', { name: 'Edit message' })[1]!);
    const editor = within(log).getByRole('form', { name: 'Edit message' });
    const box = within(editor).getByRole('textbox', { name: 'Edited message' }) as HTMLTextAreaElement;
    expect(box.value).toBe('And for cafés?');
    expect(document.activeElement).toBe(box);
    await user.clear(box);
    await user.type(box, 'And for tea rooms?');
    await user.click(within(editor).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    const sent = api.callsTo('POST /agents/seo/messages/async')[0]!.body;
    expect(sent).toMatchObject({ session_id: 'sess-1', message: 'And for tea rooms?', edits_message_id: 'q2' });
    expect(sent).not.toHaveProperty('parent_message_id');
    await waitFor(() => expect(within(log).queryByRole('form', { name: 'Edit message' })).toBeNull());
    await waitFor(() => expect(within(log).getByText('And for tea rooms?')).toBeTruthy());
    expect(within(log).queryByText('Flat white keywords.')).toBeNull();

    const reply = message('r2e', 'sess-1', 'assistant', 'Tea room keywords.', new Date().toISOString(), 'q2b');
    stream.done({ run: runOf('run-2', 'succeeded', 'q2b', 'r2e'), message: reply });
    await waitFor(() => expect(within(log).getByText('Tea room keywords.')).toBeTruthy());
    await waitFor(() => expect(screen.queryByTestId('streaming-reply')).toBeNull());
    const questionVersions = within(log).getByRole('group', { name: 'Versions of this message' });
    expect(within(questionVersions).getByText('Version 2 of 2')).toBeTruthy();
    await user.click(within(questionVersions).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(within(log).getByText('Flat white keywords.')).toBeTruthy());
    expect(within(log).getByText('And for cafés?')).toBeTruthy();
    expect(within(log).queryByText('Tea room keywords.')).toBeNull();
  });

  it('keeps the editor open with the reason when the server refuses the edit; Escape cancels', async () => {
    api.on('POST /agents/seo/messages/async', () => ({
      status: 409,
      body: { detail: 'This message is still being answered. Stop the reply (or wait for it) before editing the message.', code: 'CONFLICT' },
    }));
    const { user, log } = await openChat();
    await user.click(within(log).getAllByRole('button', { name: 'Edit message' })[0]!);
    const editor = within(log).getByRole('form', { name: 'Edit message' });
    await user.type(within(editor).getByRole('textbox', { name: 'Edited message' }), ' in Lisbon{Enter}');
    await waitFor(() => expect(within(editor).getByRole('alert').textContent).toBe('This message is still being answered. Stop the reply (or wait for it) before editing the message.'));
    expect((within(editor).getByRole('textbox', { name: 'Edited message' }) as HTMLTextAreaElement).value).toBe('Which keywords for bakeries? in Lisbon');
    // Said once, in the editor: not beside the message box as well.
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(log).queryByRole('form', { name: 'Edit message' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Edit message'));
    // Nothing changed in the conversation.
    expect(within(log).getByText('Which keywords for bakeries?')).toBeTruthy();
    expect(within(log).queryByText('Which keywords for bakeries? in Lisbon')).toBeNull();
  });
});
