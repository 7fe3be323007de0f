/**
 * The sent message on screen at once (docs/pwa.md "Slow networks"): in the click's own turn, from
 * memory, before the device has stored it and whatever the network does; shown once when the
 * conversation has it; gone, with its text back in the box, when the send is refused. And a reply
 * never shows its Markdown marks: until the renderer is in, its words wait behind a placeholder.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { SESSION, sessionWith, setUpChatScreenTests } from './chat-support';
import { message } from './fake-agents';

// The reply renderer's download, held until a test lets it finish.
const renderer = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('../../../src/ui/markdown/Markdown', async (importOriginal) => {
  await renderer.arrived;
  return importOriginal();
});

let api: FakeApi;

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake) => {
    api = fake;
    sessionWith(api, [message('m1', 'sess-1', 'user', 'Hello', SESSION.created_at)]);
  },
});

async function openChat() {
  renderApp('/agents/seo/chat/sess-1');
  const log = await screen.findByRole('log', { name: 'Conversation' });
  await waitFor(() => expect(within(log).getByText('Hello')).toBeTruthy());
  return log;
}

/** Types and presses Send in one synchronous turn: nothing the device or the network does can run in between. */
function typeAndSend(text: string) {
  act(() => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });
  });
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
}

describe('the sent message', () => {
  it('is on screen in the click’s own turn while the send is unanswered, then shows once', async () => {
    let answerPost!: () => void;
    const postHeld = new Promise<void>((resolve) => (answerPost = resolve));
    const accepted = api.on('POST /agents/seo/messages/async', async () => {
      await postHeld;
      return {
        status: 202,
        body: {
          session_id: 'sess-1', message_id: 'msg-user-2', run_id: 'run-1', title: 'x', created_at: new Date().toISOString(), status: 'queued',
          mode: 'normal', credits_charged: 20, credits_remaining: 1780, transaction_id: 't',
        },
      };
    });
    void accepted;
    const log = await openChat();
    typeAndSend('Keywords for a bakery in Porto?');
    // No await since the click: this is memory, not the device's copy read back, and not the server.
    expect(within(log).getByText('Keywords for a bakery in Porto?')).toBeTruthy();
    expect(within(log).getByText('Sending…')).toBeTruthy();

    answerPost();
    await waitFor(() => expect(log.querySelector('[data-pending]')).toBeNull());
    expect(within(log).getAllByText('Keywords for a bakery in Porto?')).toHaveLength(1);
  });

  it('leaves the conversation when the send is refused, its text back in the box', async () => {
    api.on('POST /agents/seo/messages/async', () => ({ status: 402, body: { detail: 'Insufficient credits. This operation requires 20 credits, but you only have 5 remaining.', code: 'INSUFFICIENT_CREDITS' } }));
    const log = await openChat();
    typeAndSend('Keywords for a bakery in Lisbon?');
    expect(within(log).getByText('Keywords for a bakery in Lisbon?')).toBeTruthy();
    await waitFor(() => expect(within(log).queryByText('Keywords for a bakery in Lisbon?')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Keywords for a bakery in Lisbon?');
    expect(screen.getAllByText(/Insufficient credits/).length).toBeGreaterThan(0);
  });
});

describe('a reply before its renderer is in', () => {
  it('shows that it is being formatted, never its Markdown marks, then the formatted reply', async () => {
    const { LazyMarkdown } = await import('../../../src/ui/markdown/LazyMarkdown');
    render(<LazyMarkdown text={'### Search intent\n\nLead with **bakery POS**.'} />);
    expect(screen.getByRole('status').textContent).toContain('Formatting the reply…');
    expect(document.body.textContent).not.toMatch(/###|\*\*/);
    expect(screen.queryByText(/Lead with/)).toBeNull();

    renderer.arrive();
    expect(await screen.findByRole('heading', { name: 'Search intent', level: 3 })).toBeTruthy();
    expect(screen.getByText('bakery POS').tagName).toBe('STRONG');
    expect(document.body.textContent).not.toMatch(/###|\*\*/);
  });
});
