/**
 * Light feedback on a reply (issue 12 item 7), on the real chat screen: a thumb records at once
 * with no dialog, shows pressed, and details are optional behind "Add details".
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { message } from './fake-agents';
import { sessionWith, setUpChatScreenTests } from './chat-support';

let api: FakeApi;
const reply = message('m2', 'sess-1', 'assistant', '### Search intent\n\nOwners compare **bakery software**.', '2026-03-01T09:00:05.000Z');

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake) => {
    api = fake;
    sessionWith(api, [message('m1', 'sess-1', 'user', 'Which keywords?', '2026-03-01T09:00:00.000Z'), reply]);
    api.on('POST /agents/messages/m2/rating', (call) => {
      const body = call.body as { rating: number | null; feedback_categories: string[]; feedback_text: string | null };
      return { status: 200, body: { ...reply, rating: body.rating, feedback_categories: body.feedback_categories, feedback_text: body.feedback_text } };
    });
  },
});

describe('reply feedback', () => {
  it('records a thumb with one click, no dialog, and shows it pressed', async () => {
    const { user } = renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    const helpful = await within(log).findByRole('button', { name: 'Helpful' });
    await user.click(helpful);
    expect(helpful.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /agents/messages/m2/rating')).toHaveLength(1));
    expect(api.callsTo('POST /agents/messages/m2/rating')[0]!.body).toEqual({ rating: 1, feedback_categories: [], feedback_text: null });
    expect(screen.getByText('Marked helpful')).toBeTruthy();

    // Clicking it again clears the rating.
    await user.click(helpful);
    await waitFor(() => expect(helpful.getAttribute('aria-pressed')).toBe('false'));
    expect(api.callsTo('POST /agents/messages/m2/rating')[1]!.body).toMatchObject({ rating: null });
  });

  it('takes details afterwards only when asked', async () => {
    const { user } = renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(within(log).queryByRole('button', { name: 'Add details' })).toBeNull();
    await user.click(await within(log).findByRole('button', { name: 'Not helpful' }));
    await user.click(within(log).getByRole('button', { name: 'Add details' }));
    const dialog = await screen.findByRole('dialog', { name: 'What went wrong?' });
    await user.click(within(dialog).getByText('Too long'));
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /agents/messages/m2/rating').at(-1)!.body).toEqual({ rating: -1, feedback_categories: ['too_long'], feedback_text: null });
    await waitFor(() => expect(within(log).getByText('too long')).toBeTruthy());
  });

  it('puts the thumb back and says why when the rating is refused', async () => {
    api.on('POST /agents/messages/m2/rating', () => ({ status: 404, body: { detail: 'Message not found', code: 'NOT_FOUND' } }));
    const { user } = renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    const helpful = await within(log).findByRole('button', { name: 'Helpful' });
    await user.click(helpful);
    await waitFor(() => expect(helpful.getAttribute('aria-pressed')).toBe('false'));
    expect(await screen.findByText('Failed to submit rating')).toBeTruthy();
  });
});
