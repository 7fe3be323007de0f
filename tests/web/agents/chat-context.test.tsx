/**
 * Context you choose (issue 12 item 6), on the real chat screen: the message box's picker lists the
 * agent's enabled, ready documents (brand and knowledge apart), works from the keyboard, shows the
 * chosen ones as removable chips, and sends them as the spec's `brand_documents` and
 * `referenced_document_ids`, in the agent's saved default mode; a refused send keeps them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { AGENTS, message } from './fake-agents';
import { sessionWith, setUpChatScreenTests } from './chat-support';


/** Whole screens on a shared, busy machine: more room than the default per test. */
const SLOW = { timeout: 120_000 };
let api: FakeApi;

const DOCUMENTS = [
  { id: 'd1', filename: 'brand-book.pdf', is_enabled: true, category: 'brand', status: 'ready' },
  { id: 'd2', filename: 'q3-report.pdf', is_enabled: true, category: 'analytics', status: 'ready' },
  { id: 'd3', filename: 'switched-off.docx', is_enabled: false, category: 'product', status: 'ready' },
  { id: 'd4', filename: 'still-reading.pdf', is_enabled: true, category: 'product', status: 'processing' },
];

setUpChatScreenTests({
  role: 'org_member',
  prepare: (fake) => {
    api = fake;
    // The SEO agent's saved default mode is Medium.
    api.on('GET /agents', () => ({ status: 200, body: AGENTS.map((agent) => (agent.slug === 'seo' ? { ...agent, default_mode: 'medium' } : agent)) }));
    sessionWith(api, [message('m1', 'sess-1', 'user', 'Hello', '2026-03-01T09:00:00.000Z'), message('m2', 'sess-1', 'assistant', 'Hi there.', '2026-03-01T09:00:05.000Z')]);
    api.on('GET /agents/seo/documents', () => ({ status: 200, body: { documents: DOCUMENTS, next_cursor: null } }));
  },
});

async function openChat() {
  const app = renderApp('/agents/seo/chat/sess-1');
  // The first render of the chat screen in a file pays for transforming its modules: a longer bound.
  await screen.findByRole('log', { name: 'Conversation' }, { timeout: 45_000 });
  await screen.findByRole('combobox', { name: 'Mode: Medium, 30 credits per message' });
  return app;
}

describe('the context picker', SLOW, () => {
  it('lists the agent’s usable documents, brand and knowledge apart, and searches them', async () => {
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: /^Add context/ }));
    const picker = await screen.findByTestId('context-picker');
    const brand = await within(picker).findByRole('region', { name: 'Brand documents' });
    expect(within(brand).getByText('brand-book.pdf')).toBeTruthy();
    const knowledge = within(picker).getByRole('region', { name: 'Knowledge documents' });
    expect(within(knowledge).getByText('q3-report.pdf')).toBeTruthy();
    expect(within(picker).queryByText('switched-off.docx')).toBeNull();
    expect(within(picker).queryByText('still-reading.pdf')).toBeNull();

    await user.type(within(picker).getByRole('searchbox', { name: 'Search documents' }), 'q3');
    expect(within(picker).queryByText('brand-book.pdf')).toBeNull();
    expect(within(picker).getByText('q3-report.pdf')).toBeTruthy();
  });

  it('is used from the keyboard; chosen documents become chips and go with the message, then clear', async () => {
    const { user } = await openChat();
    const trigger = screen.getByRole('button', { name: /^Add context/ });
    trigger.focus();
    await user.keyboard('{Enter}');
    const picker = await screen.findByTestId('context-picker');
    await within(picker).findByText('brand-book.pdf');
    // Focus starts in the search field; Tab reaches each box, Space ticks it.
    expect(document.activeElement).toBe(within(picker).getByRole('searchbox', { name: 'Search documents' }));
    await user.keyboard('{Tab} {Tab} ');
    expect(within(picker).getAllByRole('checkbox').map((box) => box.getAttribute('aria-checked'))).toEqual(['true', 'true']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('context-picker')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    const chips = screen.getByRole('list', { name: 'Documents for this message' });
    expect(within(chips).getAllByTestId('context-chip').map((chip) => chip.textContent)).toEqual(['brand-book.pdfbrand', 'q3-report.pdf']);
    expect(trigger.textContent).toContain('Context · 2');

    await user.click(within(chips).getByRole('button', { name: 'Remove q3-report.pdf' }));
    expect(within(chips).getAllByTestId('context-chip')).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Is our newsletter on brand?{Enter}');
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    expect(api.callsTo('POST /agents/seo/messages/async')[0]!.body).toMatchObject({
      message: 'Is our newsletter on brand?',
      brand_documents: ['d1'],
      referenced_document_ids: [],
      mode: 'medium',
      k_value_kb: 10,
    });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Documents for this message' })).toBeNull());
  });

  it('keeps the chips when the send is refused, so nothing is lost', async () => {
    api.on('POST /agents/seo/messages/async', () => ({ status: 402, body: { detail: 'Insufficient credits. This operation requires 30 credits, but you only have 5 remaining.', code: 'INSUFFICIENT_CREDITS' } }));
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: /^Add context/ }));
    const picker = await screen.findByTestId('context-picker');
    await user.click(await within(picker).findByText('q3-report.pdf'));
    await user.click(within(picker).getByRole('button', { name: 'Done' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Summarise the report{Enter}');
    expect(await screen.findByText(/Insufficient credits/)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Documents for this message' })).getByText('q3-report.pdf')).toBeTruthy();
    expect(api.callsTo('POST /agents/seo/messages/async')[0]!.body).toMatchObject({ referenced_document_ids: ['d2'], brand_documents: [] });
  });
});
