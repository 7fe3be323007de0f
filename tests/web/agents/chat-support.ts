/** Shared set-up of the chat screen tests: a sized viewport for the virtual list, a saved session. */
import { afterEach, beforeEach, vi } from 'vitest';
import type { Role } from '../../../src/contract/auth';
import { wipeAll } from '../../../src/db';
import { giveElementsASize, installDomShims } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { signInAs, signOut } from '../app/support/render-app';
import { installFakeChat, type FakeChat } from './fake-agents';

// jsdom has no layout; the virtual list needs a viewport size (the chat tests import it from here).
export { giveElementsASize };

export const SESSION = { id: 'sess-1', title: 'Which keywords for bakery software?', agent_slug: 'seo', created_at: '2026-03-01T09:00:00.000Z', updated_at: '2026-03-01T09:00:00.000Z' };

/** Serves session sess-1 of the SEO agent with these messages. */
export function sessionWith(api: FakeApi, messages: unknown[]): void {
  api.on('GET /agents/sessions', () => ({ status: 200, body: [SESSION] }));
  api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session: SESSION, messages, run: null } }));
}

/**
 * The set-up every chat screen test shares, registered as the file's beforeEach and afterEach: the
 * DOM shims, a sized viewport, an empty device, a fake API serving the agent's chat, then sign-in
 * as `role`. `prepare` receives the test's fake API (and the agent's fake chat) before sign-in, to
 * keep it and add the file's own answers. A file's own afterEach, registered after this, runs first.
 */
export function setUpChatScreenTests(options: { role: Role; agent?: string; prepare?: (api: FakeApi, chat: FakeChat) => void | Promise<void> }): void {
  let restoreSizes: () => void = () => undefined;
  beforeEach(async () => {
    installDomShims();
    restoreSizes = giveElementsASize();
    await wipeAll();
    const api = installFakeApi();
    const chat = installFakeChat(api, options.agent ?? 'seo');
    await options.prepare?.(api, chat);
    await signInAs(api, options.role);
  });
  afterEach(async () => {
    restoreSizes();
    await signOut();
    vi.unstubAllGlobals();
  });
}
