/**
 * The in-app notifications in the sidebar (the fallback when push is unavailable): the unread count
 * from the server, the list, opening one in its space, marking read, and a refresh when the
 * service worker says a push arrived.
 */
import { act, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../../src/contract/notifications';
import { adoptSpaceFromUrl } from '../../../src/features/notifications/space-from-url';
import { getSavedSpaceId, spacesState } from '../../../src/session';
import { NOTIFICATION_RECEIVED } from '../../../sw/messages';
import { installDomShims } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut, waitForLocation } from '../app/support/render-app';
import { installBrowserNotifications } from '../pwa/browser-notifications';

let api: FakeApi;
let items: AppNotification[];

const notification = (id: string, overrides: Partial<AppNotification> = {}): AppNotification => ({
  id,
  kind: 'reply_ready',
  title: 'SEO replied',
  body: 'Ten title tags for the spring launch.',
  url: `/agents/seo/chat/${id}`,
  tag: `chat:${id}`,
  space_id: 's1',
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  read_at: null,
  ...overrides,
});

beforeEach(async () => {
  installDomShims();
  api = installFakeApi();
  items = [notification('n2', { title: 'Launch plan ready', kind: 'run_finished', url: '/agent-mode', space_id: 's2' }), notification('n1')];
  const unread = () => items.filter((item) => item.read_at === null).length;
  api.on('GET /notifications', () => ({ status: 200, body: { notifications: items, unread_count: unread() } }));
  api.on('POST /notifications/read', (call) => {
    const body = call.body as { ids?: string[]; all?: true };
    items = items.map((item) => (body.all || body.ids?.includes(item.id) ? { ...item, read_at: item.read_at ?? new Date().toISOString() } : item));
    return { status: 200, body: { unread_count: unread() } };
  });
  await signInAs(api, 'org_member');
});

afterEach(async () => {
  await signOut();
  vi.unstubAllGlobals();
});

async function openList() {
  const app = renderApp('/settings');
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  await app.user.click(bell);
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  return { ...app, panel };
}

describe('in-app notifications', () => {
  it('shows the unread count and the latest notifications, newest first', async () => {
    const { panel } = await openList();
    const entries = within(panel).getAllByRole('button').filter((button) => button.textContent !== 'Mark all as read');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Unread: Launch plan readyTen title tags for the spring launch.5 minutes ago',
      'Unread: SEO repliedTen title tags for the spring launch.5 minutes ago',
    ]);
  });

  it('opens a notification of the current space where it leads and marks it read', async () => {
    const { user, panel, location } = await openList();
    await user.click(within(panel).getByRole('button', { name: /SEO replied/ }));
    await waitForLocation(location, '/agents/seo/chat/n1');
    expect(api.callsTo('POST /notifications/read').map((call) => call.body)).toEqual([{ ids: ['n1'] }]);
    expect(spacesState.currentSpaceId).toBe('s1');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it("switches to the notification's space before opening it", async () => {
    const { user, panel, location } = await openList();
    await user.click(within(panel).getByRole('button', { name: /Launch plan ready/ }));
    await waitForLocation(location, '/agent-mode');
    expect(spacesState.currentSpaceId).toBe('s2');
  });

  it('marks all as read', async () => {
    const { user, panel } = await openList();
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(api.callsTo('POST /notifications/read').map((call) => call.body)).toEqual([{ all: true }]);
  });

  it('refreshes at once when the service worker says a push arrived', async () => {
    installBrowserNotifications('granted');
    renderApp('/settings');
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    items = [notification('n3', { title: 'CMO replied' }), ...items];

    act(() => {
      navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: NOTIFICATION_RECEIVED } }));
    });

    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
  });

  it('says so when there is nothing yet', async () => {
    items = [];
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel.textContent).toContain('Nothing yet. When a long reply arrives or an Agent Mode run finishes or needs you, it shows here.');
  });
});

describe('a notification opened from the system tray', () => {
  it('starts the app in the space named by ?space= and drops it from the address', () => {
    window.history.replaceState(null, '', '/agents/seo/chat/n1?space=s2#latest');
    adoptSpaceFromUrl();
    expect(getSavedSpaceId()).toBe('s2');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/agents/seo/chat/n1#latest');
  });
});
