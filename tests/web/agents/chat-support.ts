/** Shared set-up of the chat screen tests: a sized viewport for the virtual list, a saved session. */
import type { FakeApi } from '../app/support/fake-api';

/** jsdom has no layout; the virtual list needs a viewport size to decide which rows to render. */
export function giveElementsASize(): () => void {
  const restore = (['offsetHeight', 'offsetWidth', 'clientHeight', 'clientWidth'] as const).map((name) => {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => 800 });
    return () => original && Object.defineProperty(HTMLElement.prototype, name, original);
  });
  return () => restore.forEach((undo) => undo());
}

export const SESSION = { id: 'sess-1', title: 'Which keywords for bakery software?', agent_slug: 'seo', created_at: '2026-03-01T09:00:00.000Z', updated_at: '2026-03-01T09:00:00.000Z' };

/** Serves session sess-1 of the SEO agent with these messages. */
export function sessionWith(api: FakeApi, messages: unknown[]): void {
  api.on('GET /agents/sessions', () => ({ status: 200, body: [SESSION] }));
  api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session: SESSION, messages, run: null } }));
}
