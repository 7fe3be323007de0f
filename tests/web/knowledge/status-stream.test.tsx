/**
 * The Knowledge Base screen follows documents being processed through the server's status stream
 * (docs/knowledge.md "Status stream"): a pushed `ready` reaches the list with no status poll, and
 * when the stream is refused or breaks, the poll it stood in for checks again at its own cadence.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { KnowledgeDocument } from '../../../src/contract/knowledge';
import { statusPoller } from '../../../src/features/knowledge/knowledge.store';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { writableEventStream } from '../app/support/event-stream';
import { knowledgeDocument } from './knowledge-document';
import { prepareKnowledgeScreenTests } from './knowledge-screen-support';

prepareKnowledgeScreenTests();

/**
 * The poll's clock, faked so a test moves it past the 5 s cadence instead of waiting it out; time
 * still flows (`shouldAdvanceTime`), so everything else on the screen runs as it would.
 */
function fakePollClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}
afterEach(() => {
  vi.useRealTimers();
});

const ID = 'd0c00001';
const STATUS = `GET /kb/documents/${ID}/status`;

const brief = (status: KnowledgeDocument['status']): KnowledgeDocument =>
  knowledgeDocument(ID, status, { filename: 'launch-brief.txt', mime_type: 'text/plain', category: 'campaigns', auto_categorized: true, confidence_score: 0.8, uploaded_by: 'u-org_owner' });

/** A status stream the test writes into, event by event, as the server would. */
function controlledStream() {
  const { body, send, breakOff } = writableEventStream();
  return { body, document: (document: KnowledgeDocument) => send('document', document), breakOff };
}

/** The screen as an owner, with one document the list finds processing; the status endpoint answers `polled` (ready unless said). */
async function openWithProcessingDocument(api: FakeApi, polled: KnowledgeDocument['status'] = 'ready') {
  api.on('GET /kb/documents', () => ({ status: 200, body: { documents: [brief('processing')], total: 1, next_cursor: null } }));
  api.on(STATUS, () => ({ status: 200, body: brief(polled) }));
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
    // Only the push can say ready: a poll that came before the stream was open (a slow machine
    // can take more than the poll's 5 s to get there) still hears "processing".
    const list = await openWithProcessingDocument(api, 'processing');

    await waitFor(() => expect(api.callsTo('GET /kb/documents/stream')).toHaveLength(1));
    stream.document(brief('processing'));
    const checksBeforeThePush = api.callsTo(STATUS).length;
    stream.document(brief('ready'));

    expect(await within(list).findByText('Ready')).toBeTruthy();
    expect(within(list).queryByText('Processing')).toBeNull();
    // Finished: the poll no longer watches it, so no check follows.
    expect(statusPoller.watching).toEqual([]);
    expect(api.callsTo(STATUS)).toHaveLength(checksBeforeThePush);
  });

  it('falls back to polling when the server refuses the stream', async () => {
    const api = installFakeApi();
    api.on('GET /kb/documents/stream', () => ({ status: 404, body: { detail: 'Not Found' } }));
    fakePollClock();
    const list = await openWithProcessingDocument(api);
    await waitFor(() => expect(api.callsTo('GET /kb/documents/stream')).toHaveLength(1));
    expect(api.callsTo(STATUS)).toHaveLength(0);

    // The consolidated poll checks it at its usual 5 s.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await within(list).findByText('Ready')).toBeTruthy();
    expect(api.callsTo('GET /kb/documents/stream')).toHaveLength(1);
    expect(api.callsTo(STATUS).length).toBeGreaterThan(0);
  });

  it('polls a document the stream was following again once the stream breaks', async () => {
    const api = installFakeApi();
    const stream = controlledStream();
    api.on('GET /kb/documents/stream', () => ({ status: 200, stream: stream.body }));
    fakePollClock();
    const list = await openWithProcessingDocument(api);

    await waitFor(() => expect(api.callsTo('GET /kb/documents/stream')).toHaveLength(1));
    stream.document(brief('processing'));
    stream.breakOff();

    await vi.advanceTimersByTimeAsync(5_000);
    expect(await within(list).findByText('Ready')).toBeTruthy();
    expect(api.callsTo(STATUS).length).toBeGreaterThan(0);
  });
});
