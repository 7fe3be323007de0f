import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api';
import type { KnowledgeDocument } from '../../../src/contract/knowledge';
import { StatusPoller } from '../../../src/features/knowledge/status-polling';
import { knowledgeDocument } from './knowledge-document';

const doc = knowledgeDocument;

function setUp(statusOf: (id: string, call: number) => KnowledgeDocument['status'] | Error) {
  const checks: { id: string; at: number }[] = [];
  const failed: string[] = [];
  const seen: KnowledgeDocument[] = [];
  const poller = new StatusPoller({
    check: async (id) => {
      checks.push({ id, at: Date.now() });
      const outcome = statusOf(id, checks.filter((check) => check.id === id).length);
      if (outcome instanceof Error) throw outcome;
      return doc(id, outcome);
    },
    onStatus: (document) => seen.push(document),
    onCheckFailed: (id) => failed.push(id),
  });
  return { poller, checks, failed, seen };
}

describe('document status polling (spec 001 §4, §9)', () => {
  let start: number;
  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
  });
  afterEach(() => vi.useRealTimers());

  it('checks a new document every 3 s until it is ready', async () => {
    const { poller, checks, seen } = setUp((_id, call) => (call < 3 ? 'processing' : 'ready'));
    poller.watch('d1');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(checks.map((check) => check.at - start)).toEqual([3000, 6000, 9000]);
    expect(seen.at(-1)?.status).toBe('ready');
    expect(poller.watching).toEqual([]);
  });

  it('after 5 min on its own, moves a document to the consolidated poll (every 5 s) until 10 min more', async () => {
    const { poller, checks } = setUp(() => 'processing');
    poller.watch('slow');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    const perDocument = checks.length;
    expect(perDocument).toBe(100);
    await vi.advanceTimersByTimeAsync(20_000);
    const gaps = checks.slice(perDocument).map((check, index, all) => (index === 0 ? 0 : check.at - all[index - 1]!.at));
    expect(gaps.slice(1)).toEqual([5000, 5000, 5000].slice(0, gaps.length - 1));
    await vi.advanceTimersByTimeAsync(11 * 60_000);
    expect(poller.watching).toEqual([]);
    const total = checks.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks.length).toBe(total);
  });

  it('staggers the consolidated checks 100 ms apart', async () => {
    const { poller, checks } = setUp(() => 'processing');
    poller.watchConsolidated(['a', 'b', 'c']);
    await vi.advanceTimersByTimeAsync(5_300);
    expect(checks.map((check) => [check.id, check.at - start])).toEqual([
      ['a', 5000],
      ['b', 5100],
      ['c', 5200],
    ]);
  });

  it('marks the document error when a check fails with 4xx, 5xx or no connection, and stops polling it', async () => {
    const { poller, failed, checks } = setUp((id) =>
      id === 'gone'
        ? new ApiError('Resource not found', 404, 'NOT_FOUND')
        : id === 'broken'
          ? new ApiError('Internal server error', 500, 'INTERNAL_ERROR')
          : new ApiError('Network error', null, 'NETWORK_ERROR'),
    );
    poller.watch('gone');
    poller.watch('broken');
    poller.watch('offline');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(failed.sort()).toEqual(['broken', 'gone', 'offline']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(checks).toHaveLength(3);
  });

  it('stop() ends every schedule (space switch, logout)', async () => {
    const { poller, checks } = setUp(() => 'processing');
    poller.watch('a');
    poller.watchConsolidated(['b']);
    poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks).toHaveLength(0);
  });
});
