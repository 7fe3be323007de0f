/**
 * A first visit makes its reads before the service worker controls the page (it is registered
 * after the load and claims the page when its first install is done): those answers never reached
 * the worker's cache. When the worker takes control, the reads it would have kept are asked again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { installFakeApi, json, type FakeApi } from '../api/fake-api';
import { disposeClients, signedInClient, type Client } from '../api/client-harness';

/** navigator.serviceWorker with no controller yet; `takeControl()` is the first install's claim. */
function workerNotYetInControl() {
  const target = new EventTarget();
  const container = Object.assign(target, { controller: null as object | null });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return {
    takeControl() {
      container.controller = {};
      container.dispatchEvent(new Event('controllerchange'));
    },
  };
}

let fake: FakeApi;
let client: Client;
let worker: ReturnType<typeof workerNotYetInControl>;

const reads = () => import('../../../src/pwa/reads-before-control');
const askedSince = (from: number) => fake.requests.slice(from).map((request) => `${request.method} ${request.path}`);

beforeEach(async () => {
  worker = workerNotYetInControl();
  fake = installFakeApi();
  fake.on('GET', '/kb/documents', json(200, { documents: [], total: 0, next_cursor: null }));
  fake.on('GET', '/health', json(200, { status: 'ok' }));
  // The sign-in's /me and spaces are asked now, before any worker controls the page.
  client = await signedInClient(fake);
});

afterEach(() => {
  disposeClients();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
});

describe('reads made before the worker took control', () => {
  it('are asked again, once, through the worker when it takes control: only those it would keep, in the current space', async () => {
    const { askReadsAgainWhenWorkerControls } = await reads();
    askReadsAgainWhenWorkerControls((path) => client.api.http.get(path, {}), client.session.getCurrentSpaceId);
    await client.api.http.get('/kb/documents', { query: { category: 'brand' } });
    await client.api.http.get('/health');
    const before = fake.requests.length;

    worker.takeControl();

    await waitFor(() => expect(askedSince(before)).toEqual(expect.arrayContaining(['GET /me', 'GET /spaces/', 'GET /kb/documents?category=brand'])));
    // The health probe is never kept by the worker: not asked again.
    expect(askedSince(before)).not.toContain('GET /health');
    expect(fake.calls('GET', '/kb/documents').at(-1)?.headers.get('X-Space-Id')).toBe('space-b');

    // Under the worker nothing more is noted, and a later change of worker asks nothing again.
    await client.api.http.get('/kb/documents');
    const after = fake.requests.length;
    worker.takeControl();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.requests.length).toBe(after);
  });

  it('leaves a read made in another space than the current one', async () => {
    const { askReadsAgainWhenWorkerControls } = await reads();
    askReadsAgainWhenWorkerControls((path) => client.api.http.get(path, {}), client.session.getCurrentSpaceId);
    await client.api.http.get('/kb/documents', { query: { page: 1 } });
    client.spaces.switchSpace('space-a');
    const before = fake.requests.length;

    worker.takeControl();

    await waitFor(() => expect(askedSince(before)).toContain('GET /me'));
    expect(askedSince(before)).not.toContain('GET /kb/documents?page=1');
  });

  it('forgets the reads of a session that ended', async () => {
    const { askReadsAgainWhenWorkerControls, forgetReadsBeforeControl } = await reads();
    const asked: string[] = [];
    askReadsAgainWhenWorkerControls(async (path) => void asked.push(path), client.session.getCurrentSpaceId);
    forgetReadsBeforeControl();
    worker.takeControl();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
  });
});
