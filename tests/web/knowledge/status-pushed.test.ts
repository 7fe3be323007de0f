/**
 * Polling beside the server's status stream (docs/knowledge.md "Status stream", "Client"): a
 * document whose status the stream tells is not checked, but its schedule runs on, so when the
 * stream stops telling it the checks resume at the cadence they had; a refused stream is not asked
 * for again until the space changes, a broken one is.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api';
import type { KnowledgeDocument } from '../../../src/contract/knowledge';
import { StatusPoller } from '../../../src/features/knowledge/status-polling';
import { knowledgeDocument } from './knowledge-document';
import { StatusStream } from '../../../src/features/knowledge/status-stream';
import { writableEventStream } from '../app/support/event-stream';

const doc = knowledgeDocument;

describe('polling while statuses are pushed', () => {
  let start: number;
  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
  });
  afterEach(() => vi.useRealTimers());

  it('skips the checks of a pushed document and resumes them on the same 3 s beat once it is not', async () => {
    const checks: number[] = [];
    let pushed = true;
    let idle = 0;
    const poller = new StatusPoller({
      check: async (id) => {
        checks.push(Date.now() - start);
        return doc(id, checks.length < 2 ? 'processing' : 'ready');
      },
      onStatus: () => undefined,
      onCheckFailed: () => undefined,
      pushed: () => pushed,
      onIdle: () => (idle += 1),
    });
    poller.watch('d1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(checks).toEqual([]);
    expect(poller.watching).toEqual(['d1']);

    pushed = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(checks).toEqual([12_000, 15_000]);
    expect(poller.watching).toEqual([]);
    expect(idle).toBe(1);
  });

  it('says when nothing is watched any more: a document unwatched (a pushed end, a delete)', () => {
    let idle = 0;
    const poller = new StatusPoller({ check: async (id) => doc(id, 'processing'), onStatus: () => undefined, onCheckFailed: () => undefined, onIdle: () => (idle += 1) });
    poller.watch('a');
    poller.watchConsolidated(['b']);
    poller.unwatch('a');
    expect(idle).toBe(0);
    poller.unwatch('b');
    expect(idle).toBe(1);
    poller.stop();
  });
});

describe('the status stream', () => {
  it('covers a document once it told its status, and nothing once it broke; it may be opened again', async () => {
    const bodies: ReturnType<typeof writableEventStream>[] = [];
    const told: KnowledgeDocument[] = [];
    const stream = new StatusStream({
      open: async () => {
        bodies.push(writableEventStream());
        return bodies.at(-1)!.body;
      },
      onDocument: (document) => told.push(document),
      isRefusal: () => false,
    });
    stream.start();
    stream.start();
    await vi.waitFor(() => expect(stream.live).toBe(true));
    expect(bodies).toHaveLength(1);
    bodies[0]!.send('document', doc('d1', 'processing'));
    await vi.waitFor(() => expect(stream.covers('d1')).toBe(true));
    bodies[0]!.send('gone', { id: 'd1' });
    await vi.waitFor(() => expect(stream.covers('d1')).toBe(false));
    bodies[0]!.send('document', doc('d2', 'ready'));
    await vi.waitFor(() => expect(stream.latest('d2')?.status).toBe('ready'));
    expect(told.map((document) => [document.id, document.status])).toEqual([
      ['d1', 'processing'],
      ['d2', 'ready'],
    ]);

    bodies[0]!.breakOff();
    await vi.waitFor(() => expect(stream.live).toBe(false));
    expect(stream.covers('d2')).toBe(false);
    stream.start();
    await vi.waitFor(() => expect(stream.live).toBe(true));
    expect(bodies).toHaveLength(2);
    stream.stop();
    expect(stream.live).toBe(false);
  });

  it('is not asked for again once refused, until reset (another space or session)', async () => {
    let opened = 0;
    const stream = new StatusStream({
      open: async () => {
        opened += 1;
        throw new ApiError('Resource not found', 404, 'NOT_FOUND');
      },
      onDocument: () => undefined,
      isRefusal: (error) => error instanceof ApiError && error.status === 404,
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    stream.start();
    await vi.waitFor(() => expect(opened).toBe(1));
    await settle();
    stream.start();
    await settle();
    expect(opened).toBe(1);
    stream.reset();
    stream.start();
    await vi.waitFor(() => expect(opened).toBe(2));
  });
});
