/**
 * The Settings switch for notifications in the real app: the browser's permission, this device's
 * push subscription handed to the server (and taken back), and a reason beside every state in
 * which the switch cannot be used or push cannot work.
 */
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOptedIn, NOTIFICATIONS_OPT_IN_KEY } from '../../../src/pwa';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa/connectivity.store';
import { installDomShims } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut } from '../app/support/render-app';
import { installBrowserNotifications } from '../pwa/browser-notifications';

const VAPID_PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const LABEL = 'Notify me when an agent replies';

let api: FakeApi;

beforeEach(async () => {
  installDomShims();
  api = installFakeApi();
  api.on('GET /notifications/push/key', () => ({ status: 200, body: { public_key: VAPID_PUBLIC_KEY } }));
  api.on('POST /notifications/push/subscriptions', () => ({ status: 201, body: { id: 'sub-1', created_at: '2026-11-25T06:00:00.000Z' } }));
  api.on('DELETE /notifications/push/subscriptions', () => ({ status: 204 }));
  await signInAs(api, 'org_member');
});

afterEach(async () => {
  reportNetworkSuccess();
  await signOut();
  vi.unstubAllGlobals();
  localStorage.removeItem(NOTIFICATIONS_OPT_IN_KEY);
});

async function openSwitch() {
  const app = renderApp('/settings');
  const toggle = await screen.findByRole('switch', { name: LABEL });
  return { ...app, toggle };
}

const noteOf = (toggle: HTMLElement) => {
  const id = toggle.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('Settings: notifications', () => {
  it('turning on asks permission, subscribes this device with the server key and sends it; off takes it back', async () => {
    const browser = installBrowserNotifications('default', { push: true });
    const { user, toggle } = await openSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    await user.click(toggle);

    await waitFor(() => expect(noteOf(toggle)).toBe('On for this device, also while Mosaic is closed.'));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const push = browser.registration.pushManager!;
    expect(push.subscribeCalls).toHaveLength(1);
    expect(push.subscribeCalls[0]!.userVisibleOnly).toBe(true);
    expect(Buffer.from(push.subscribeCalls[0]!.applicationServerKey!).toString('base64url')).toBe(VAPID_PUBLIC_KEY);
    const sent = api.callsTo('POST /notifications/push/subscriptions');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ endpoint: 'https://push.example.test/device-1', keys: { auth: expect.any(String), p256dh: expect.any(String) } });
    expect(isOptedIn()).toBe(true);

    const subscription = push.current!;
    await user.click(toggle);

    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(api.callsTo('DELETE /notifications/push/subscriptions').map((call) => call.body)).toEqual([{ endpoint: 'https://push.example.test/device-1' }]);
    expect(subscription.unsubscribed).toBe(true);
    expect(isOptedIn()).toBe(false);
  });

  it('is disabled and says why when the browser blocks notifications', async () => {
    const browser = installBrowserNotifications('denied', { push: true });
    const { toggle } = await openSwitch();
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(noteOf(toggle)).toBe('Notifications are blocked for this site. Allow them in your browser settings, then try again.');
    expect(browser.registration.pushManager!.subscribeCalls).toEqual([]);
  });

  it('stays off and explains when the person blocks them at the prompt', async () => {
    const browser = installBrowserNotifications('default', { push: true });
    browser.answer = 'denied';
    const { user, toggle } = await openSwitch();
    await user.click(toggle);
    await waitFor(() => expect(noteOf(toggle)).toBe('Notifications are blocked for this site. Allow them in your browser settings, then try again.'));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(api.callsTo('POST /notifications/push/subscriptions')).toEqual([]);
  });

  it('is disabled and says why in a browser without notifications', async () => {
    vi.stubGlobal('Notification', undefined);
    const { toggle } = await openSwitch();
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(noteOf(toggle)).toBe('This browser cannot show notifications.');
  });

  it('is disabled offline (the server must learn about the device) and says so', async () => {
    installBrowserNotifications('granted', { push: true });
    const { toggle } = await openSwitch();
    expect(toggle.hasAttribute('disabled')).toBe(false);
    // Out of reach, not only reported so: a request made meanwhile fails too.
    api.offline = true;
    act(() => reportNetworkFailure());
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(true));
    expect(noteOf(toggle)).toBe("You're offline. This needs a connection.");
  });

  it('without push in the browser, still turns on the notifications shown while Mosaic is open, and says what is missing', async () => {
    installBrowserNotifications('default');
    const { user, toggle } = await openSwitch();
    expect(noteOf(toggle)).toBe(
      'This browser cannot receive notifications while Mosaic is closed: you are notified while it is open, and in the notification list.',
    );
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(isOptedIn()).toBe(true);
    expect(api.callsTo('GET /notifications/push/key')).toEqual([]);
  });

  it('stays on for this open app when the push service cannot be reached, and says so', async () => {
    const browser = installBrowserNotifications('granted', { push: true });
    browser.registration.pushManager!.unreachable = true;
    const { user, toggle } = await openSwitch();
    await user.click(toggle);
    await waitFor(() =>
      expect(noteOf(toggle)).toBe(
        "Your browser's push service could not be reached, so notifications appear only while Mosaic is open. Turn this off and on again later to retry.",
      ),
    );
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(api.callsTo('POST /notifications/push/subscriptions')).toEqual([]);
  });

  it('shows as on for a person who opted in earlier, and hands the device to the server again at start', async () => {
    const browser = installBrowserNotifications('granted', { push: true });
    localStorage.setItem(NOTIFICATIONS_OPT_IN_KEY, 'true');
    await browser.registration.pushManager!.subscribe({ userVisibleOnly: true, applicationServerKey: Buffer.from(VAPID_PUBLIC_KEY, 'base64url') });
    const { toggle } = await openSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(api.callsTo('POST /notifications/push/subscriptions')).toHaveLength(1));
    // The same subscription: the key matched, so the browser was not asked for a new one.
    expect(browser.registration.pushManager!.subscribeCalls).toHaveLength(1);
  });
});
