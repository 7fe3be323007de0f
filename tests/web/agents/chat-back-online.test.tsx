/**
 * A chat open while the connection is gone shows what the device holds; when the connection comes
 * back (the browser says so, or the offline probe reaches the server) it is read from the server again, so what happened meanwhile shows (a reply that finished, a
 * message sent from another device) without leaving the chat. Through the real router, stores,
 * request layer and Dexie against the fake backend.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa';
import { OFFLINE_BANNER_TEXT } from '../../../src/pwa/OfflineBanner';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { SESSION, setUpChatScreenTests } from './chat-support';
import { message } from './fake-agents';

const Q1 = message('q1', 'sess-1', 'user', 'Which keywords for bakeries?', '2026-03-01T09:00:00.000Z', null);
const R1 = message('r1', 'sess-1', 'assistant', 'Start with sourdough.', '2026-03-01T09:00:05.000Z', 'q1');
const Q2 = message('q2', 'sess-1', 'user', 'And for cafés?', '2026-03-01T09:10:00.000Z', 'r1');
const R2 = message('r2', 'sess-1', 'assistant', 'Try flat white near me.', '2026-03-01T09:10:05.000Z', 'q2');

let api: FakeApi;
let onServer = [Q1, R1];

beforeAll(() => startOfflineLayer());

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake) => {
    api = fake;
    onServer = [Q1, R1];
    api.on('GET /agents/sessions', () => ({ status: 200, body: [SESSION] }));
    api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session: SESSION, messages: onServer, run: null } }));
  },
});
afterEach(() => {
  api.offline = false;
  reportNetworkSuccess();
});

const reads = () => api.callsTo('GET /agents/sessions/sess-1/messages').length;

describe('a chat open while the connection is gone', () => {
  it('is read again when the connection comes back, and shows what happened meanwhile', async () => {
    const first = renderApp('/agents/seo/chat/sess-1');
    await within(await screen.findByRole('log', { name: 'Conversation' })).findByText('Start with sourdough.');
    // The reload offline: the chat from the device.
    api.offline = true;
    act(() => void window.dispatchEvent(new Event('offline')));
    first.view.unmount();
    renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await within(log).findByText('Start with sourdough.');
    // Meanwhile the next exchange happened on another device.
    onServer = [Q1, R1, Q2, R2];
    const readsOffline = reads();

    // The browser says the connection is back.
    api.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));

    expect(await within(log).findByText('Try flat white near me.')).toBeTruthy();
    expect(within(log).getByText('And for cafés?')).toBeTruthy();
    expect(reads()).toBe(readsOffline + 1);
  });

  it('is not read again while the connection stays, nor when an answer put it back after a saved one', async () => {
    renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await within(log).findByText('Start with sourdough.');
    await waitFor(() => expect(reads()).toBe(1));
    act(() => reportNetworkSuccess());
    // A read answered from the worker's saved copy puts the app offline; the next live answer puts it
    // back. Reading the chat each time would go round while the network stays slow.
    await act(async () => reportNetworkFailure());
    await screen.findByText(OFFLINE_BANNER_TEXT);
    await act(async () => reportNetworkSuccess());
    await waitFor(() => expect(screen.queryByText(OFFLINE_BANNER_TEXT)).toBeNull());
    onServer = [Q1, R1, Q2, R2];
    // A moment for anything that would read again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads()).toBe(1);
    expect(within(log).queryByText('Try flat white near me.')).toBeNull();
  });
});
