/**
 * Share links (issue 12 item 9), on the real screens: the chat's Share dialog makes a link (shown
 * once, copied in one click), lists the active ones and revokes them; a member who did not start
 * the chat is told why they cannot share it; the public page shows the conversation alone, signed
 * out, with a robots noindex, and a dead link is a "not available" page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wipeAll } from '../../../src/db';
import type { ShareLinkDto, SharedChatDto } from '../../../src/contract/chat-shares';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { installDomShims } from '../app/support/dom';
import { renderApp, signInAs, signOut } from '../app/support/render-app';
import { installFakeChat, message } from './fake-agents';
import { giveElementsASize, SESSION, sessionWith } from './chat-support';

const TOKEN = 'k2Z9vYH0s3e6Qm1fWcXl8TqUo4pRb7AaNjKdEgViLzM';
const LINK: ShareLinkDto = { id: 'link-1', hint: TOKEN.slice(-4), created_at: '2026-03-02T10:00:00.000Z', created_by_name: 'Mo Member', view_count: 0, last_viewed_at: null };


/** Whole screens on a shared, busy machine: more room than the default per test. */
const SLOW = { timeout: 120_000 };
let api: FakeApi;
let restoreSizes: () => void;

beforeEach(async () => {
  installDomShims();
  restoreSizes = giveElementsASize();
  await wipeAll();
  api = installFakeApi();
});
afterEach(async () => {
  restoreSizes();
  await signOut();
});

/** The chat sess-1, started by the signed-in member ('self') or by a colleague. */
async function signedInChat(startedBy: 'self' | 'colleague') {
  const me = await signInAs(api, 'org_member');
  installFakeChat(api, 'seo');
  sessionWith(api, [message('m1', 'sess-1', 'user', 'Hello', '2026-03-01T09:00:00.000Z'), message('m2', 'sess-1', 'assistant', 'Hi there.', '2026-03-01T09:00:05.000Z')]);
  const starter = startedBy === 'self' ? me.id : 'colleague-id';
  api.on('GET /agents/history', () => ({ status: 200, body: { sessions: [{ ...SESSION, pinned: false, started_by: starter }], has_more: false } }));
  let links: ShareLinkDto[] = [];
  api.on('GET /agents/sessions/sess-1/shares', () => ({ status: 200, body: { links } }));
  api.on('POST /agents/sessions/sess-1/shares', () => {
    links = [LINK];
    return { status: 201, body: { link: LINK, path: `/share/${TOKEN}` } };
  });
  api.on('DELETE /agents/sessions/sess-1/shares/link-1', () => {
    links = [];
    return { status: 204 };
  });
  const app = renderApp('/agents/seo/chat/sess-1');
  // The first render of the chat screen in a file pays for transforming its modules: a longer bound.
  await screen.findByRole('log', { name: 'Conversation' }, { timeout: 45_000 });
  return app;
}

describe('the share dialog', SLOW, () => {
  it('makes a link shown once with Copy, lists it, and revokes it', async () => {
    const { user } = await signedInChat('self');
    await user.click(await screen.findByRole('button', { name: 'Share chat' }));
    const dialog = await screen.findByTestId('share-dialog');
    expect(await within(dialog).findByText('This chat has no active share links.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Create link/ }));
    const url = await within(dialog).findByRole('textbox', { name: 'Your new link' });
    expect((url as HTMLInputElement).value).toBe(`${window.location.origin}/share/${TOKEN}`);
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/${TOKEN}`);

    const item = within(dialog).getByTestId('share-link');
    expect(item.textContent).toContain(`Link ending …${TOKEN.slice(-4)}`);
    expect(item.textContent).toContain('by Mo Member · not opened yet');
    await user.click(within(item).getByRole('button', { name: `Revoke the link ending ${TOKEN.slice(-4)}` }));
    expect(await within(dialog).findByText('This chat has no active share links.')).toBeTruthy();
    expect(api.callsTo('DELETE /agents/sessions/sess-1/shares/link-1')).toHaveLength(1);
  });

  it('tells a member why they cannot share a colleague’s chat', async () => {
    const { user } = await signedInChat('colleague');
    await user.click(await screen.findByRole('button', { name: 'Share chat' }));
    const dialog = await screen.findByTestId('share-dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Create link/ })).toHaveProperty('disabled', true));
    expect(within(dialog).getAllByText(/Members can share only the chats they started/).length).toBeGreaterThan(0);
  });
});

describe('the public shared-chat page', SLOW, () => {
  const SHARED: SharedChatDto = {
    title: 'Spring launch ideas',
    agent_slug: 'creative',
    agent_name: 'Creative',
    shared_at: '2026-03-02T10:00:00.000Z',
    messages: [
      { role: 'user', content: 'Ideas for terracotta planters?', created_at: '2026-03-02T09:00:00.000Z', citations: [] },
      {
        role: 'assistant',
        content: '### Core insight\n\nBalcony gardeners want forgiving plants [1].',
        created_at: '2026-03-02T09:00:05.000Z',
        citations: [{ n: 1, filename: 'launch-plan.txt', excerpt: 'The spring launch opens with terracotta planters.', cited: true }],
      },
    ],
  };

  it('shows the conversation alone to someone signed out, and asks not to be indexed', async () => {
    api.on(`GET /public/shares/${TOKEN}`, () => ({ status: 200, body: SHARED }));
    renderApp(`/share/${TOKEN}`);
    const chat = await screen.findByTestId('shared-chat');
    expect(within(chat).getByRole('heading', { level: 1, name: 'Spring launch ideas' })).toBeTruthy();
    expect(within(chat).getByText('Ideas for terracotta planters?')).toBeTruthy();
    await waitFor(() => expect(within(chat).getByRole('heading', { level: 3, name: 'Core insight' })).toBeTruthy());
    expect(within(chat).getByRole('region', { name: 'Sources' }).textContent).toContain('launch-plan.txt');
    // No sidebar, no sign-in form, no link into the organisation's documents.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(within(chat).queryAllByRole('link')).toEqual([]);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    // The read went out without a session or a space.
    const call = api.callsTo(`GET /public/shares/${TOKEN}`)[0]!;
    expect(call.headers.get('authorization')).toBeNull();
    expect(call.headers.get('x-space-id')).toBeNull();
  });

  it('is a "not available" page for a revoked link or a deleted chat', async () => {
    api.on(`GET /public/shares/${TOKEN}`, () => ({ status: 404, body: { detail: 'This shared chat is not available. The link may have been revoked, or the chat deleted.', code: 'NOT_FOUND' } }));
    renderApp(`/share/${TOKEN}`);
    const gone = await screen.findByTestId('shared-chat-gone');
    expect(within(gone).getByRole('heading', { level: 1, name: 'This shared chat is not available' })).toBeTruthy();
    expect(within(gone).getByRole('link', { name: 'Go to Mosaic' }).getAttribute('href')).toBe('/');
  });
});
