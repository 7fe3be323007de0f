import { describe, expect, it } from 'vitest';
import { openChatFromNotification, type ClientsLike, type WindowClientLike } from '../../sw/notifications';
import { APP_ORIGIN } from './worker-env';
import { CURRENT_URL } from '../../sw/messages';

class FakeWindow implements WindowClientLike {
  focused = false;
  readonly navigations: string[] = [];
  /** Where the page says it is when asked (moved inside the app); null: it does not answer. */
  current: string | null | undefined = undefined;
  constructor(
    public url: string,
    private readonly controlled = true,
  ) {}
  async focus() {
    this.focused = true;
    return this;
  }
  async navigate(url: string) {
    if (!this.controlled) throw new TypeError('This client is not controlled by the worker');
    this.navigations.push(url);
    this.url = url;
    this.current = undefined;
    return this;
  }
  postMessage(message: unknown, transfer: Transferable[]) {
    if ((message as { type?: unknown }).type === CURRENT_URL && this.current !== null) (transfer[0] as MessagePort).postMessage({ url: this.current ?? this.url });
  }
}

class FakeClients implements ClientsLike {
  readonly opened: string[] = [];
  constructor(readonly windows: FakeWindow[]) {}
  async matchAll() {
    return this.windows;
  }
  async openWindow(url: string) {
    this.opened.push(url);
    return null;
  }
}

function notification(data: unknown) {
  return { data, closed: false, close() { this.closed = true; } };
}

const chatUrl = `${APP_ORIGIN}/agents/seo/chat/session-7`;

describe('notification click', () => {
  it('focuses an open window of the app and moves it to the chat', async () => {
    const window = new FakeWindow(`${APP_ORIGIN}/knowledge-base`);
    const clients = new FakeClients([window]);
    const clicked = notification({ url: '/agents/seo/chat/session-7' });

    await openChatFromNotification(clicked, clients, APP_ORIGIN);

    expect(clicked.closed).toBe(true);
    expect(window.focused).toBe(true);
    expect(window.url).toBe(chatUrl);
    expect(clients.opened).toEqual([]);
  });

  it('focuses a window the app moved to that chat, without reloading it, whatever its Client.url says', async () => {
    const moved = new FakeWindow(`${APP_ORIGIN}/dashboard`);
    moved.current = chatUrl;
    const other = new FakeWindow(`${APP_ORIGIN}/knowledge-base`);
    const clients = new FakeClients([other, moved]);

    await openChatFromNotification(notification({ url: chatUrl }), clients, APP_ORIGIN, 50);

    expect(moved.focused).toBe(true);
    expect(moved.navigations).toEqual([]);
    expect(other.focused).toBe(false);
    expect(clients.opened).toEqual([]);
  });

  it('judges a window that does not answer by its Client.url', async () => {
    const silent = new FakeWindow(chatUrl);
    silent.current = null;
    const clients = new FakeClients([new FakeWindow(`${APP_ORIGIN}/dashboard`), silent]);

    await openChatFromNotification(notification({ url: chatUrl }), clients, APP_ORIGIN, 50);

    expect(silent.focused).toBe(true);
    expect(silent.navigations).toEqual([]);
  });

  it('prefers a window already showing that chat and leaves it as it is', async () => {
    const elsewhere = new FakeWindow(`${APP_ORIGIN}/dashboard`);
    const onChat = new FakeWindow(chatUrl);
    const clients = new FakeClients([elsewhere, onChat]);

    await openChatFromNotification(notification({ url: chatUrl }), clients, APP_ORIGIN);

    expect(onChat.focused).toBe(true);
    expect(elsewhere.focused).toBe(false);
    expect(elsewhere.url).toBe(`${APP_ORIGIN}/dashboard`);
  });

  it('carries the space of a pushed notification, and still prefers a window already on that chat', async () => {
    const clients = new FakeClients([]);
    await openChatFromNotification(notification({ url: '/agents/seo/chat/session-7', space_id: 'space-2' }), clients, APP_ORIGIN);
    expect(clients.opened).toEqual([`${chatUrl}?space=space-2`]);

    const onChat = new FakeWindow(chatUrl);
    const withWindow = new FakeClients([new FakeWindow(`${APP_ORIGIN}/dashboard`), onChat]);
    await openChatFromNotification(notification({ url: '/agents/seo/chat/session-7', space_id: 'space-2' }), withWindow, APP_ORIGIN);
    expect(onChat.focused).toBe(true);
    expect(onChat.url).toBe(chatUrl);
  });

  it('opens a new window on the chat when the app is not open', async () => {
    const clients = new FakeClients([]);
    await openChatFromNotification(notification({ url: '/agents/seo/chat/session-7' }), clients, APP_ORIGIN);
    expect(clients.opened).toEqual([chatUrl]);
  });

  it('opens a new window when the open one cannot be navigated', async () => {
    const clients = new FakeClients([new FakeWindow(`${APP_ORIGIN}/dashboard`, false)]);
    await openChatFromNotification(notification({ url: chatUrl }), clients, APP_ORIGIN);
    expect(clients.opened).toEqual([chatUrl]);
  });

  it('never leads to another site, and falls back to the app home without a URL', async () => {
    const clients = new FakeClients([]);
    await openChatFromNotification(notification({ url: 'https://evil.example/phish' }), clients, APP_ORIGIN);
    await openChatFromNotification(notification(undefined), clients, APP_ORIGIN);
    await openChatFromNotification(notification({ url: 42 }), clients, APP_ORIGIN);
    expect(clients.opened).toEqual([`${APP_ORIGIN}/`, `${APP_ORIGIN}/`, `${APP_ORIGIN}/`]);
  });

  it('ignores windows of other origins', async () => {
    const foreign = new FakeWindow('https://other.example/page');
    const clients = new FakeClients([foreign]);
    await openChatFromNotification(notification({ url: chatUrl }), clients, APP_ORIGIN);
    expect(foreign.focused).toBe(false);
    expect(clients.opened).toEqual([chatUrl]);
  });
});
