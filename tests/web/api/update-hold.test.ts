/**
 * After the user presses Reload for a new version, the page starts no API request: the old
 * service worker must go idle before the browser lets the new one take over (src/pwa/update.store.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, json, type FakeApi } from './fake-api';
import { disposeClients, signedInClient } from './client-harness';

let fake: FakeApi;

beforeEach(() => {
  fake = installFakeApi();
});
afterEach(() => disposeClients());

describe('requests while a new version takes over', () => {
  it('sends requests as usual until Reload is pressed, then holds new ones', async () => {
    const client = await signedInClient(fake);
    // The copy of the store the freshly loaded client core uses.
    const { updateState } = await import('../../../src/pwa/update.store');
    fake.on('GET', '/kb/documents', json(200, { documents: [], total: 0, next_cursor: null }));
    await client.api.http.get('/kb/documents');
    expect(fake.calls('GET', '/kb/documents')).toHaveLength(1);

    updateState.applying = true;
    let settled = false;
    void client.api.http.get('/kb/documents').finally(() => {
      settled = true;
    });
    // A request made after Reload was let go again has gone out and come back: the held one, made
    // before it, would have left by now if it were going to.
    updateState.applying = false;
    await client.api.http.get('/spaces/');
    expect(fake.calls('GET', '/kb/documents')).toHaveLength(1);
    expect(settled).toBe(false);
  });

  it('lets a held request be cancelled by its caller', async () => {
    const client = await signedInClient(fake);
    const { updateState } = await import('../../../src/pwa/update.store');
    fake.on('GET', '/kb/documents', json(200, { documents: [], total: 0, next_cursor: null }));
    updateState.applying = true;
    const controller = new AbortController();
    const held = client.api.http.get('/kb/documents', { signal: controller.signal });
    controller.abort();
    await expect(held).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(fake.calls('GET', '/kb/documents')).toHaveLength(0);
    updateState.applying = false;
  });
});
