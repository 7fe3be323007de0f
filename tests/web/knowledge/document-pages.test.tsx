import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { knowledgeDocument } from './knowledge-document';
import { prepareKnowledgeScreenTests } from './knowledge-screen-support';

prepareKnowledgeScreenTests();

const ready = (id: string, filename: string) => knowledgeDocument(id, 'ready', { filename, mime_type: 'text/plain', category: 'brand', auto_categorized: true, confidence_score: 0.8 });

describe('the Knowledge Base list of a space with more than a page of documents', () => {
  it('reads the pages one after another and shows every document', async () => {
    const api = installFakeApi();
    api.on('GET /kb/documents', (call) =>
      call.query.get('cursor') === 'after-second'
        ? { status: 200, body: { documents: [ready('d0c00003', 'oldest-brief.txt')], total: 3, next_cursor: null } }
        : { status: 200, body: { documents: [ready('d0c00001', 'newest-brief.txt'), ready('d0c00002', 'second-brief.txt')], total: 3, next_cursor: 'after-second' } },
    );
    await signInAs(api, 'org_member');
    renderApp('/knowledge-base');

    const list = await screen.findByRole('list', { name: 'Documents' });
    await within(list).findByText('oldest-brief.txt');
    expect(within(list).getByText('newest-brief.txt')).toBeTruthy();
    expect(within(list).getByText('second-brief.txt')).toBeTruthy();
    const asked = api.callsTo('GET /kb/documents').map((call) => call.query.get('cursor'));
    expect(asked.slice(0, 2)).toEqual([null, 'after-second']);
  });
});
