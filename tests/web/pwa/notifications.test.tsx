import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  enableNotifications,
  isOptedIn,
  NOTIFICATIONS_OPT_IN_KEY,
  notifyReplyArrived,
  type ReplyArrived,
} from '../../../src/pwa';
import { installBrowserNotifications } from './browser-notifications';

const reply: ReplyArrived = {
  sessionId: 'session-42',
  agentName: 'SEO Agent',
  url: '/agents/seo/chat/session-42',
  preview: 'Here are five title ideas for the spring campaign',
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('opting in', () => {
  it('asks the browser once and stores the opt-in when allowed', async () => {
    const browser = installBrowserNotifications('default');
    await expect(enableNotifications()).resolves.toBe('granted');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(isOptedIn()).toBe(true);
    expect(localStorage.getItem(NOTIFICATIONS_OPT_IN_KEY)).toBe('true');
  });

  it('stores nothing when the browser refuses', async () => {
    const browser = installBrowserNotifications('default');
    browser.answer = 'denied';
    await expect(enableNotifications()).resolves.toBe('denied');
    expect(isOptedIn()).toBe(false);
  });

  it('does not ask again when permission was already given or refused', async () => {
    const browser = installBrowserNotifications('granted');
    await enableNotifications();
    browser.setPermission('denied');
    await expect(enableNotifications()).resolves.toBe('denied');
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(isOptedIn()).toBe(false);
  });
});

describe('reply notifications', () => {
  it('shows nothing without the opt-in, even with permission', async () => {
    const browser = installBrowserNotifications('granted');
    await expect(notifyReplyArrived(reply)).resolves.toBe(false);
    expect(browser.registration.shown).toEqual([]);
  });

  it('shows nothing when permission was withdrawn after opting in', async () => {
    const browser = installBrowserNotifications('granted');
    await enableNotifications();
    browser.setPermission('denied');
    await expect(notifyReplyArrived(reply)).resolves.toBe(false);
    expect(browser.registration.shown).toEqual([]);
  });

  it('shows one notification per chat through the worker, leading to that chat', async () => {
    const browser = installBrowserNotifications('granted');
    await enableNotifications();

    await expect(notifyReplyArrived(reply)).resolves.toBe(true);
    await notifyReplyArrived({ ...reply, preview: 'A second reply' });

    const open = browser.registration.open();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      title: 'SEO Agent replied',
      options: { tag: 'chat:session-42', body: 'A second reply', data: { url: '/agents/seo/chat/session-42' } },
    });
  });

  it('keeps the preview short', async () => {
    const browser = installBrowserNotifications('granted');
    await enableNotifications();
    await notifyReplyArrived({ ...reply, preview: 'x'.repeat(500) });
    expect(String(browser.registration.shown[0]?.options.body).length).toBeLessThanOrEqual(100);
  });

  it('stays quiet while the user is looking at the app, unless asked otherwise', async () => {
    const browser = installBrowserNotifications('granted');
    await enableNotifications();
    browser.setVisibility('visible');
    await expect(notifyReplyArrived(reply)).resolves.toBe(false);
    await expect(notifyReplyArrived(reply, { evenWhenVisible: true })).resolves.toBe(true);
  });

  it('closes the notification after 10 seconds', async () => {
    const browser = installBrowserNotifications('granted');
    await enableNotifications();
    vi.useFakeTimers();

    await notifyReplyArrived(reply);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(browser.registration.open()).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(browser.registration.open()).toEqual([]);
  });

  it('only closes its own chat\u2019s notification', async () => {
    const browser = installBrowserNotifications('granted');
    await enableNotifications();
    vi.useFakeTimers();

    await notifyReplyArrived(reply);
    await vi.advanceTimersByTimeAsync(5_000);
    await notifyReplyArrived({ ...reply, sessionId: 'session-7', url: '/agents/cmo/chat/session-7' });
    await vi.advanceTimersByTimeAsync(5_000);

    expect(browser.registration.open().map((n) => n.options.tag)).toEqual(['chat:session-7']);
  });
});
