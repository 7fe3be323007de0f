/**
 * Set-up in plain words on the chat screen: the offline-engine note says Mosaic's built-in writer
 * wrote the answers and, to owners and admins only, where a model is chosen (no server settings
 * named); and owners and admins get one tip, put away for good on this device, when the space has
 * no brand voice or no documents for the agent — members never do.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../src/contract/auth';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp, signInAs, signOut } from '../app/support/render-app';
import { message } from './fake-agents';
import { sessionWith, setUpChatScreenTests } from './chat-support';

const SLOW = { timeout: 120_000 };
let api: FakeApi;

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake) => {
    api = fake;
    localStorage.clear();
    sessionWith(api, [message('m1', 'sess-1', 'user', 'Hello', '2026-03-01T09:00:00.000Z'), message('m2', 'sess-1', 'assistant', 'Hi there.', '2026-03-01T09:00:05.000Z')]);
    api.on('GET /settings/brand-voice', () => ({ status: 200, body: { content: '', updatedAt: null, createdBy: null } }));
    api.on('GET /agents/seo/documents', () => ({ status: 200, body: { documents: [], next_cursor: null } }));
  },
});

async function openChat() {
  const app = renderApp('/agents/seo/chat/sess-1');
  await screen.findByRole('log', { name: 'Conversation' }, { timeout: 45_000 });
  return app;
}

async function signInAgainAs(role: Role) {
  await signOut();
  await signInAs(api, role);
}

describe('set-up in plain words', SLOW, () => {
  it('tells an owner once what would make the answers better, with links, and stays put away', async () => {
    const { user, view } = await openChat();
    const tip = await screen.findByRole('note', { name: 'Better answers' });
    expect(within(tip).getByRole('link', { name: 'add your brand voice' }).getAttribute('href')).toBe('/workspace-settings#brand-voice');
    expect(within(tip).getByRole('link', { name: 'upload documents' }).getAttribute('href')).toBe('/knowledge-base');
    expect(screen.getAllByRole('note', { name: 'Better answers' })).toHaveLength(1);

    await user.click(within(tip).getByRole('button', { name: 'Dismiss tip: Better answers' }));
    await waitFor(() => expect(screen.queryByRole('note', { name: 'Better answers' })).toBeNull());
    view.unmount();
    await openChat();
    await screen.findByText('Hi there.');
    expect(screen.queryByRole('note', { name: 'Better answers' })).toBeNull();
  });

  it('says who wrote the answers without naming server settings; only owners and admins learn where a model is chosen', async () => {
    const { user, view } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Offline engine: about these answers' }));
    expect(await screen.findByText(/written by Mosaic.s built-in writer/)).toBeTruthy();
    expect(screen.getByRole('link', { name: "this agent's configuration" }).getAttribute('href')).toBe('/agents/seo/configure');
    expect(document.body.textContent).not.toMatch(/LLM_PROVIDER|docs\/agents\.md/);
    view.unmount();

    await signInAgainAs('org_member');
    const member = await openChat();
    await member.user.click(await screen.findByRole('button', { name: 'Offline engine: about these answers' }));
    expect(await screen.findByText(/owners and admins can connect an AI model/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: "this agent's configuration" })).toBeNull();
    // Members cannot change the brand voice or the documents: no tip for them.
    expect(screen.queryByRole('note', { name: 'Better answers' })).toBeNull();
  });

  it('the AI Agents page says who writes the answers, and an owner where a model is chosen', async () => {
    renderApp('/agents');
    const note = await screen.findByText(/Answers are written by Mosaic.s built-in writer/, undefined, { timeout: 45_000 });
    expect(within(note).getByRole('link', { name: 'Agent Configuration' }).getAttribute('href')).toBe('/agents/manage');
    expect(note.textContent).not.toMatch(/server|administrator/);
  });
});
