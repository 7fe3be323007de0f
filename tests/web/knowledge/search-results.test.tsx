/**
 * Knowledge Base search results where the eye is: the search sits above the document list, a
 * finished search brings its results into view when they are off screen, and their count is
 * announced politely (a status region present from the start). Focus stays in the search box.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import type { KnowledgeDocument } from '../../../src/contract/knowledge';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { knowledgeDocument } from './knowledge-document';
import { prepareKnowledgeScreenTests } from './knowledge-screen-support';

prepareKnowledgeScreenTests();
afterEach(() => vi.restoreAllMocks());

const ID = 'd0c00001';
const documents: KnowledgeDocument[] = [knowledgeDocument(ID, 'ready', { filename: 'brand-guide.txt', mime_type: 'text/plain', category: 'brand' })];

async function openAndSearch() {
  const api = installFakeApi();
  api.on('GET /kb/documents', () => ({ status: 200, body: { documents, total: 1, next_cursor: null } }));
  api.on('GET /kb/search', () => ({
    status: 200,
    body: {
      query: 'tone',
      contexts: [
        { passage: 'Our tone is warm and plain.', document_id: ID, ordinal: 0, filename: 'brand-guide.txt', score: 0.9, highlights: ['tone'] },
        { passage: 'Keep the tone confident.', document_id: ID, ordinal: 2, filename: 'brand-guide.txt', score: 0.7, highlights: ['tone'] },
      ],
    },
  }));
  await signInAs(api, 'org_member');
  const app = renderApp('/knowledge-base');
  await within(await screen.findByRole('list', { name: 'Documents' })).findByText('brand-guide.txt');
  const status = within(screen.getByRole('region', { name: 'Search documents' })).getByRole('status');
  expect(status.textContent).toBe('');
  const box = screen.getByRole('searchbox', { name: 'Search documents' });
  await app.user.type(box, 'tone{Enter}');
  return { status, box };
}

describe('knowledge base search results', () => {
  it('sit above the document list, with their count announced politely', async () => {
    const { status, box } = await openAndSearch();
    await vi.waitFor(() => expect(status.textContent).toBe('2 passages from 1 document for “tone”'));
    const results = screen.getByTestId('search-results');
    const list = screen.getByRole('list', { name: 'Documents' });
    expect(results.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.activeElement).toBe(box);
  });

  it('are brought into view when a finished search leaves them below the fold', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    // jsdom lays nothing out: the count is placed below the window, as on a phone.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = this.getAttribute('role') === 'status' ? window.innerHeight + 400 : 0;
      return { top, bottom: top + 20, left: 0, right: 100, width: 100, height: 20, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
    });
    const { status } = await openAndSearch();
    await vi.waitFor(() => expect(status.textContent).toContain('2 passages'));
    expect(scrolled).toContain(status);
  });
});
