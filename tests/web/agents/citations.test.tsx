/**
 * Sources you can open (issue 12 item 5), on the real chat and Knowledge Base screens: a reply's
 * [n] markers are source chips linked to the sources list under it; a click opens the document
 * preview at that passage (highlighted), over the conversation; the text is kept on the device and
 * opens offline; a deleted document falls back to the words the citation kept; copying carries
 * the sources.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CitationDto } from '../../../src/contract/citations';
import type { DocumentTextDto } from '../../../src/contract/document-preview';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa/connectivity.store';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { message } from './fake-agents';
import { sessionWith, setUpChatScreenTests } from './chat-support';

const PASSAGES = ['Intro to our pricing page.', 'The bakery plan costs 29 euros per month.', 'Workshops run every Saturday.'];
const TEXT = PASSAGES.join('\n');
const starts = [0, PASSAGES[0]!.length + 1, PASSAGES[0]!.length + PASSAGES[1]!.length + 2];
const DOCUMENT_TEXT: DocumentTextDto = {
  document: { id: 'doc-1', filename: 'pricing-2026.pdf', mime_type: 'application/pdf', size_bytes: 2048, category: 'product', subcategory: null, created_at: '2026-02-01T09:00:00.000Z', passage_count: 3 },
  text: TEXT,
  passages: PASSAGES.map((passage, ordinal) => ({ ordinal, start: starts[ordinal]!, end: starts[ordinal]! + passage.length })),
  first_ordinal: 0,
  last_ordinal: 2,
  complete: true,
};
const CITATIONS: CitationDto[] = [
  { n: 1, document_id: 'doc-1', filename: 'pricing-2026.pdf', passage: 1, excerpt: 'The bakery plan costs 29 euros per month.', cited: true },
  { n: 2, document_id: 'doc-2', filename: 'old-notes.txt', passage: 0, excerpt: 'Notes from last year.', cited: false },
];
const REPLY = 'The bakery plan is 29 euros a month [1].';


/** Whole screens on a shared, busy machine: more room than the default per test. */
const SLOW = { timeout: 120_000 };
let api: FakeApi;

setUpChatScreenTests({
  role: 'org_member',
  prepare: (fake) => {
    api = fake;
    sessionWith(api, [
      message('m1', 'sess-1', 'user', 'What does the bakery plan cost?', '2026-03-01T09:00:00.000Z'),
      { ...message('m2', 'sess-1', 'assistant', REPLY, '2026-03-01T09:00:05.000Z'), citations: CITATIONS },
    ]);
    api.on('GET /kb/documents/doc-1/text', () => ({ status: 200, body: DOCUMENT_TEXT }));
    api.on('GET /kb/documents/doc-2/text', () => ({ status: 404, body: { detail: 'Document not found', code: 'NOT_FOUND' } }));
  },
});
afterEach(() => {
  act(() => reportNetworkSuccess());
});

async function openChat() {
  const app = renderApp('/agents/seo/chat/sess-1');
  // The first render of the chat screen in a file pays for transforming its modules: a longer bound.
  const log = await screen.findByRole('log', { name: 'Conversation' }, { timeout: 45_000 });
  // The reply formatter loads on first use; the chips are there once it has.
  await within(log).findByTestId('citation-marker', {}, { timeout: 30_000 });
  return { ...app, log };
}

describe('citations in a reply', SLOW, () => {
  it('draws the marker as a source chip, lists the cited source, and folds what was only consulted', async () => {
    const { log } = await openChat();
    const marker = within(log).getByTestId('citation-marker');
    expect(marker.textContent).toBe('[1]');
    expect(marker.getAttribute('href')).toBe('/knowledge-base?doc=doc-1&passage=1');
    const sources = within(log).getByRole('region', { name: 'Sources' });
    const [cited] = within(sources).getAllByTestId('reply-source');
    expect(cited!.textContent).toContain('pricing-2026.pdf');
    expect(cited!.textContent).toContain('The bakery plan costs 29 euros per month.');
    expect(within(sources).getByText('Also consulted (1)')).toBeTruthy();
  });

  it('opens the document at the passage over the conversation, highlighted; closing goes back', async () => {
    const { user, log, location } = await openChat();
    await user.click(within(log).getByTestId('citation-marker'));
    const preview = await screen.findByRole('dialog', { name: 'pricing-2026.pdf' });
    const highlight = await within(preview).findByTestId('passage-highlight');
    expect(highlight.textContent).toBe('The bakery plan costs 29 euros per month.');
    expect(within(preview).getByText('Passage 2 of 3')).toBeTruthy();
    expect(location()).toBe('/agents/seo/chat/sess-1?doc=doc-1&passage=1');
    expect(within(preview).getByRole('link', { name: /Open in Knowledge Base/ }).getAttribute('href')).toBe('/knowledge-base?doc=doc-1&passage=1');

    await user.click(within(preview).getByRole('button', { name: 'Next passage' }));
    await waitFor(() => expect(within(preview).getByTestId('passage-highlight').textContent).toBe('Workshops run every Saturday.'));

    await user.click(within(preview).getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/agents/seo/chat/sess-1');
  });

  it('opens a document read before from the device when offline, and says so', async () => {
    const { user, log } = await openChat();
    await user.click(within(log).getByTestId('citation-marker'));
    await within(await screen.findByRole('dialog')).findByTestId('passage-highlight');
    await user.click(screen.getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The server is out of reach (not only reported so): a connectivity check made meanwhile fails too.
    api.offline = true;
    act(() => reportNetworkFailure());
    const asked = api.callsTo('GET /kb/documents/doc-1/text').length;
    await user.click(within(log).getByTestId('citation-marker'));
    const preview = await screen.findByRole('dialog', { name: 'pricing-2026.pdf' });
    expect((await within(preview).findByTestId('passage-highlight')).textContent).toBe('The bakery plan costs 29 euros per month.');
    expect(within(preview).getByText('Saved copy on this device (offline)')).toBeTruthy();
    expect(within(preview).getByRole('button', { name: /Download original/ })).toHaveProperty('disabled', true);
    expect(api.callsTo('GET /kb/documents/doc-1/text')).toHaveLength(asked);
  });

  it('falls back to the words the citation kept when the document is gone', async () => {
    const { user, log } = await openChat();
    await user.click(within(log).getByText('Also consulted (1)'));
    await user.click(within(log).getByRole('link', { name: /^Source ?2: ?old-notes\.txt, ?passage 1:/ }));
    const preview = await screen.findByRole('dialog', { name: 'old-notes.txt' });
    expect(await within(preview).findByText(/This document is no longer in the Knowledge Base/)).toBeTruthy();
    expect(within(preview).getByText('Notes from last year.')).toBeTruthy();
  });

  it('copies the reply with its sources', async () => {
    const { user, log } = await openChat();
    await user.click(within(log).getByRole('button', { name: 'Copy as Markdown' }));
    expect(await navigator.clipboard.readText()).toBe(`${REPLY}\n\n**Sources**\n\n- [1] pricing-2026.pdf, passage 2: “The bakery plan costs 29 euros per month.”`);
    await user.click(within(log).getByRole('button', { name: 'Copy as text' }));
    expect(await navigator.clipboard.readText()).toBe(
      'The bakery plan is 29 euros a month [1].\n\nSources\n[1] pricing-2026.pdf, passage 2: “The bakery plan costs 29 euros per month.”',
    );
  });
});

describe('the Knowledge Base preview', SLOW, () => {
  it('opens a document from its row, and a search result at its passage', async () => {
    api.on('GET /kb/documents', () => ({
      status: 200,
      body: {
        documents: [
          {
            id: 'doc-1',
            filename: 'pricing-2026.pdf',
            mime_type: 'application/pdf',
            size_bytes: 2048,
            status: 'ready',
            created_at: '2026-02-01T09:00:00.000Z',
            updated_at: '2026-02-01T09:00:00.000Z',
            error_message: null,
            rag_file_id: null,
            hash: 'a'.repeat(64),
            category: 'product',
            subcategory: null,
            auto_categorized: true,
            confidence_score: 0.8,
            passage_count: 3,
            uploaded_by: null,
          },
        ],
        total: 1,
        next_cursor: null,
      },
    }));
    const { user, location } = renderApp('/knowledge-base');
    await user.click(await screen.findByRole('button', { name: 'pricing-2026.pdf' }, { timeout: 30_000 }));
    const preview = await screen.findByRole('dialog', { name: 'pricing-2026.pdf' });
    expect(await within(preview).findByText(/Workshops run every Saturday/)).toBeTruthy();
    expect(within(preview).queryByTestId('passage-highlight')).toBeNull();
    expect(location()).toBe('/knowledge-base?doc=doc-1');
    expect(within(preview).queryByRole('link', { name: /Open in Knowledge Base/ })).toBeNull();
  });

  it('opens at the passage named in the address', async () => {
    api.on('GET /kb/documents', () => ({ status: 200, body: { documents: [], total: 0, next_cursor: null } }));
    renderApp('/knowledge-base?doc=doc-1&passage=2');
    const preview = await screen.findByRole('dialog', { name: 'pricing-2026.pdf' });
    expect((await within(preview).findByTestId('passage-highlight')).textContent).toBe('Workshops run every Saturday.');
    expect(api.callsTo('GET /kb/documents/doc-1/text')[0]!.query.get('around')).toBe('2');
  });
});
