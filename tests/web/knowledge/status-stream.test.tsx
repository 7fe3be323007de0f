/**
 * The Knowledge Base screen follows documents being processed through the server's status stream
 * (docs/knowledge.md "Status stream"): a pushed `ready` reaches the list with no status poll, and
 * when the stream is refused or breaks, the poll it stood in for checks again at its own cadence.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { KnowledgeDocument } from '../../../src/contract/knowledge';
import { wipeAll } from '../../../src/db';
import { statusPoller } from '../../../src/features/knowledge/knowledge.store';
import { reportNetworkSuccess } from '../../../src/pwa';
import { giveElementsASize, installDomShims } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut } from '../app/support/render-app';

let restoreSizes: () => void;

// The screen's code is transformed once here, so the first test's findBy waits only for the screen.
beforeAll(async () => {
  await import('../../../src/features/knowledge/pages/KnowledgeBasePage');
}, 60_000);

beforeEach(async () => {
  installDomShims();
  restoreSizes = giveElementsASize();
  await wipeAll();
  reportNetworkSuccess();
});

afterEach(async () => {
  restoreSizes();
  await signOut();
});

const ID = 'd0c00001';
const STATUS = `GET /kb/documents/${ID}/status`;

function brief(status: KnowledgeDocument['status']): KnowledgeDocument {
  return {
    id: ID,
    filename: 'launch-brief.txt',
    mime_type: 'text/plain',
    size_bytes: 2048,
    status,
    created_at: '2026-03-04T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:05.000Z',
    error_message: null,
    rag_file_id: status === 'ready' ? `kb:${ID}` : null,
    hash: ID.padEnd(64, '0'),
    category: 'campaigns',
    subcategory: null,
    auto_categorized: true,
    confidence_score: 0.8,
    passage_count: status === 'ready' ? 3 : 0,
    uploaded_by: 'u-org_owner',
  };
}

/** A status stream the test writes into, event by event, as the server would. */
function controlledStream() {
  let sink!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (sink = controller) });
  const encoder = new TextEncoder();
  return {
    body,
    document: (document: KnowledgeDocument) => sink.enqueue(encoder.encode(`event: document\ndata: ${JSON.stringify(document)}\n\n`)),
    breakOff: () => sink.error(new TypeError('network error')),
  };
}

/** The screen as an owner, with one document the list finds processing; the status endpoint says it is ready. */
async function openWithProcessingDocument(api: FakeApi) {
  api.on('GET /kb/documents', () => ({ status: 200, body: { documents: [brief('processing')], total: 1 } }));
  api.on(STATUS, () => ({ status: 200, body: brief('ready') }));
  await signInAs(api, 'org_owner');
  renderApp('/knowledge-base');
  const list = await screen.findByRole('list', { name: 'Documents' });
  await within(list).findByText('launch-brief.txt');
  await within(list).findByText('Processing');
  return list;
}

describe('document statuses pushed by the server', () => {
  it('shows a document ready from a pushed event, with no status poll', async () => {
    const api = installFakeApi();
    const stream = controlledStream();
    api.on('GET /kb/documents/stream', () => ({ status: 200, stream: stream.body }));
    const list = await openWithProcessingDocument(api);

    await waitFor(() => expect(api.callsTo('GET /kb/documents/stream')).toHaveLength(1));
    stream.document(brief('processing'));
    stream.document(brief('ready'));

    expect(await within(list).findByText('Ready')).toBeTruthy();
    expect(within(list).queryByText('Processing')).toBeNull();
    // Finished: the poll no longer watches it, so no check will follow either.
    expect(statusPoller.watching).toEqual([]);
    expect(api.callsTo(STATUS)).toHaveLength(0);
  });

  it('falls back to polling when the server refuses the stream', async () => {
    const api = installFakeApi();
    api.on('GET /kb/documents/stream', () => ({ status: 404, body: { detail: 'Not Found' } }));
    const list = await openWithProcessingDocument(api);

    // The consolidated poll checks it at its usual 5 s.
    expect(await within(list).findByText('Ready', {}, { timeout: 10_000 })).toBeTruthy();
    expect(api.callsTo('GET /kb/documents/stream')).toHaveLength(1);
    expect(api.callsTo(STATUS).length).toBeGreaterThan(0);
  });

  it('polls a document the stream was following again once the stream breaks', async () => {
    const api = installFakeApi();
    const stream = controlledStream();
    api.on('GET /kb/documents/stream', () => ({ status: 200, stream: stream.body }));
    const list = await openWithProcessingDocument(api);

    await waitFor(() => expect(api.callsTo('GET /kb/documents/stream')).toHaveLength(1));
    stream.document(brief('processing'));
    stream.breakOff();

    expect(await within(list).findByText('Ready', {}, { timeout: 10_000 })).toBeTruthy();
    expect(api.callsTo(STATUS).length).toBeGreaterThan(0);
  });
});
