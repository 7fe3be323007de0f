/**
 * A screen whose list this device has never saved (a first visit, work done on another device)
 * says its list is loading while it is on its way, and that it could not be loaded when the server
 * cannot be reached, instead of "No documents yet" over the person's documents; a chat opened here
 * for the first time says its messages are loading instead of showing an empty conversation
 * (docs/pwa.md "Network conditions"; found by tests/e2e/network-conditions.e2e.ts on a slow network).
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wipeAll } from '../../../src/db';
import { savedListTexts } from '../../../src/pwa/SavedListPending';
import { giveElementsASize, SESSION } from '../agents/chat-support';
import { AGENTS, message } from '../agents/fake-agents';
import { installFakeApi, type FakeApi } from './support/fake-api';
import { renderApp, signInAs } from './support/render-app';
import { prepareScreenTests } from './support/screen-tests';

let api: FakeApi;

/** An answer the test lets through when it says (the slow network's answer, on its way). */
function held(body: unknown) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await released, { status: 200, body }), release: () => act(release) };
}

const offline = () => {
  throw new TypeError('Failed to fetch');
};

prepareScreenTests();
afterEach(() => {
  vi.useRealTimers();
});
beforeEach(async () => {
  await wipeAll();
  api = installFakeApi();
  api.on('GET /agents', () => ({ status: 200, body: AGENTS }));
  api.on('GET /agents/sessions', () => ({ status: 200, body: [] }));
  api.on('GET /assets/collections', () => ({ status: 200, body: { collections: [] } }));
  api.on('GET /assets/capabilities', () => ({ status: 200, body: { max_upload_bytes: 1024, image_generation: { available: false, model: null, credits: 40 } } }));
  await signInAs(api, 'org_owner');
});

/**
 * Each list screen: where it is, the routes its list comes from (the chats come from two: the
 * history's pages and the agents' session list), an empty answer, and its words for "none".
 */
const LISTS = [
  { name: 'Knowledge Base', path: '/knowledge-base', routes: { 'GET /kb/documents': { documents: [], total: 0, next_cursor: null } }, what: 'documents', claim: /No documents yet/ },
  { name: 'Creative Assets', path: '/assets', routes: { 'GET /assets': { assets: [], total: 0 } }, what: 'assets', claim: /No assets yet/ },
  { name: 'Agent Mode', path: '/agent-mode', routes: { 'GET /agent-mode/runs': { runs: [], has_more: false } }, what: 'runs', claim: /No runs yet/ },
  { name: 'All chats', path: '/agents/history', routes: { 'GET /agents/history': { sessions: [], has_more: false }, 'GET /agents/sessions': [] }, what: 'chats', claim: /No chats yet/ },
] as const;

describe.each(LISTS)('$name, with nothing of its list on this device', ({ path, routes, what, claim }) => {
  it('says the list is loading while it is on its way, then (empty) that there is none', async () => {
    const answers = Object.entries(routes).map(([route, empty]) => {
      const answer = held(empty);
      api.on(route, answer.handler);
      return answer;
    });
    renderApp(path);
    expect(await screen.findByText(savedListTexts(what).loading)).toBeTruthy();
    expect(screen.queryByText(claim)).toBeNull();

    for (const answer of answers) await answer.release();
    expect(await screen.findByText(claim)).toBeTruthy();
    expect(screen.queryByText(savedListTexts(what).loading)).toBeNull();
  });

  it('says the list could not be loaded (not that there is none) when the server cannot be reached', async () => {
    for (const route of Object.keys(routes)) api.on(route, offline);
    // Some lists retry with their back-off (the knowledge base's 1, 2 and 4 s): the clock is moved
    // past it rather than waited out, while time still flows for everything else.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    renderApp(path);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(await screen.findByText(savedListTexts(what).unavailable)).toBeTruthy();
    expect(screen.queryByText(claim)).toBeNull();
  });
});

describe('a chat opened on this device for the first time', () => {
  let restoreSizes: () => void = () => undefined;
  beforeEach(() => {
    // The conversation is virtualised: it draws only what fits in its (measured) height.
    restoreSizes = giveElementsASize();
  });
  afterEach(() => restoreSizes());

  it('says its messages are loading, then shows them', async () => {
    api.on('GET /agents/sessions', () => ({ status: 200, body: [SESSION] }));
    const answer = held({ session: SESSION, messages: [message('m1', 'sess-1', 'user', 'Keywords for a bakery in Porto?', SESSION.created_at)], run: null });
    api.on('GET /agents/sessions/sess-1/messages', answer.handler);
    renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText(savedListTexts('messages').loading)).toBeTruthy();

    await answer.release();
    expect(await within(log).findByText('Keywords for a bakery in Porto?')).toBeTruthy();
    expect(within(log).queryByText(savedListTexts('messages').loading)).toBeNull();
  });
});
