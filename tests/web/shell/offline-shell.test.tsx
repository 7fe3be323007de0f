/**
 * The offline layer inside the real shell: banner, shell actions that need the network, the
 * install offer in the user menu, and reply notifications on Settings.
 */
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import { connectivity, reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa/connectivity.store';
import { installDomShims } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut } from '../app/support/render-app';

let api: FakeApi;

beforeAll(() => startOfflineLayer());

beforeEach(() => {
  installDomShims();
  api = installFakeApi();
  // The offline layer's probe ticks every 15 s whatever the test is doing; offline here means the
  // server cannot be reached, so the probe must find it unreachable too, not answered by the fake.
  api.on('GET /health', () => Promise.reject(new TypeError('Failed to fetch')));
  reportNetworkSuccess();
});

afterEach(async () => {
  reportNetworkSuccess();
  await signOut();
});

/** Requests the app has sent that the fake server has not answered yet. */
function unansweredRequests(): number {
  return vi.mocked(fetch).mock.settledResults.filter((result) => result.type === 'incomplete').length;
}

async function openShell(path = '/settings') {
  await signInAs(api, 'org_owner');
  const app = renderApp(path);
  await screen.findByRole('navigation', { name: 'Main navigation' });
  // The shell's own first calls (plan, credits) must be answered before a test goes offline: any
  // answer rightly means "online" and would end the offline state the test set up.
  await screen.findByRole('link', { name: /^Credits used \S+ \/ \S+, view credits$/ });
  // The screen is lazy: on a busy machine its own calls (Settings lists the signed-in devices) start
  // after the shell's are answered, so wait for it to be drawn before waiting for quiet.
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await waitFor(() => expect(unansweredRequests()).toBe(0));
  return app;
}

describe('offline in the shell', () => {
  it('shows the calm banner while offline and hides it when the connection returns', async () => {
    await openShell();
    expect(screen.queryByText("You're offline — showing saved data")).toBeNull();

    act(() => reportNetworkFailure());
    expect(await screen.findByText("You're offline — showing saved data")).toBeTruthy();

    act(() => reportNetworkSuccess());
    // valtio tells React on the next microtask.
    await waitFor(() => expect(screen.queryByText("You're offline — showing saved data")).toBeNull());
  });

  it('follows the browser going offline', async () => {
    await openShell();
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(connectivity.online).toBe(false);
    expect(await screen.findByText("You're offline — showing saved data")).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('disables switching and creating spaces offline and says why', async () => {
    const { user } = await openShell();
    // Offline means the server cannot be reached: a call the menu makes as it opens must fail too
    // (an answer would rightly mean "online" again).
    api.offline = true;
    act(() => reportNetworkFailure());
    await screen.findByText("You're offline — showing saved data");
    await user.click(screen.getByRole('button', { name: /^Space:/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText("You're offline. This needs a connection.")).toBeTruthy();
    const create = within(menu).getByRole('menuitem', { name: 'Create New Space' });
    expect(create.getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Spring Launch' }).getAttribute('aria-disabled')).toBe('true');
    // The current space stays chosen, not greyed out.
    expect(within(menu).getByRole('menuitem', { name: /Main Space/ }).getAttribute('aria-disabled')).toBeNull();
  });

  it('keeps what was typed in Create New Space while offline, with Create disabled', async () => {
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: /^Space:/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Create New Space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Space' });
    await user.type(within(dialog).getByLabelText('Name'), 'Autumn Push');

    act(() => reportNetworkFailure());
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true));
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Autumn Push');
    expect(api.callsTo('POST /spaces/')).toHaveLength(0);

    act(() => reportNetworkSuccess());
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(false));
  });
});

describe('install offer in the user menu', () => {
  it('offers "Install app" only once the browser says the app can be installed', async () => {
    const { user } = await openShell();
    const trigger = screen.getByRole('button', { name: /Account menu for/ });
    await user.click(trigger);
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Install app' })).toBeNull();
    await user.keyboard('{Escape}');

    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);

    // The button as it is now (the first press swapped in the menu's own trigger).
    await user.click(screen.getByRole('button', { name: /Account menu for/ }));
    const item = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Install app' });
    await user.click(item);
    expect(offer.prompt).toHaveBeenCalledTimes(1);
  });
});

describe('Settings', () => {
  it('has the reply notifications switch', async () => {
    await openShell('/settings');
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Notify me when an agent replies' })).toBeTruthy();
  });
});
