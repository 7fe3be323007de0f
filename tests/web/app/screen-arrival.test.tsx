/**
 * A navigation whose screen's code is still downloading keeps the screen on view (usable, with a
 * bar saying the next one is on its way) instead of blanking the content area into a loader; the
 * new screen replaces it once its code is in, and a download that fails shows the error screen.
 */
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { lazyScreen } from '../../../src/ui/lazy-screen';
import type { FakeApi } from './support/fake-api';
import { installFakeApi } from './support/fake-api';
import { prepareScreenTests } from './support/screen-tests';
import { renderApp, screen, signInAs, waitForLocation } from './support/render-app';

let api: FakeApi;

function Reports() {
  return <h1>Quarterly reports</h1>;
}

/** A screen's code that arrives when the test says (or fails to). */
function slowScreen() {
  let finish: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const download = new Promise<{ default: typeof Reports }>((resolve, reject) => {
    finish = () => resolve({ default: Reports });
    fail = reject;
  });
  return { Screen: lazyScreen(() => download), finish: () => finish(), fail: (error: Error) => fail(error) };
}

prepareScreenTests({ resetAddress: true });
beforeEach(() => {
  api = installFakeApi();
});

describe('a navigation while the next screen’s code downloads', () => {
  it('keeps the screen on view with a progress bar, then shows the new screen whole', async () => {
    await signInAs(api, 'org_member');
    const slow = slowScreen();
    const { router, location } = renderApp('/settings', { extraScreens: [{ path: 'reports', element: <slow.Screen /> }] });
    await screen.findByRole('heading', { name: 'Settings', level: 1 });

    act(() => router.navigate('/reports'));
    await waitForLocation(location, '/reports');
    // Not the loader: the screen the person was on is still there.
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading screen' })).toBeNull();
    expect(await screen.findByRole('progressbar', { name: 'Opening the screen' })).toBeTruthy();
    expect(screen.getByText('Opening the screen…')).toBeTruthy();

    await act(async () => slow.finish());
    expect(await screen.findByRole('heading', { name: 'Quarterly reports', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Settings', level: 1 })).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Opening the screen' })).toBeNull();
  });

  it('marks the sidebar item picked at once', async () => {
    await signInAs(api, 'org_member');
    const slow = slowScreen();
    const { router } = renderApp('/settings', { extraScreens: [{ path: 'connections', element: <slow.Screen /> }] });
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    act(() => router.navigate('/connections'));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const connections = [...nav.querySelectorAll('a')].find((link) => link.getAttribute('href') === '/connections');
    expect(connections?.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    await act(async () => slow.finish());
    expect(await screen.findByRole('heading', { name: 'Quarterly reports', level: 1 })).toBeTruthy();
  });

  it('shows the error screen when the download fails', async () => {
    await signInAs(api, 'org_member');
    const slow = slowScreen();
    const { router } = renderApp('/settings', { extraScreens: [{ path: 'reports', element: <slow.Screen /> }] });
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    act(() => router.navigate('/reports'));
    await act(async () => slow.fail(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Settings', level: 1 })).toBeNull();
  });
});
