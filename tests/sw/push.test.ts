import { describe, expect, it } from 'vitest';
import { NOTIFICATION_AUTO_CLOSE_MS, type PushPayload } from '../../src/contract/notifications';
import { CURRENT_URL, NOTIFICATION_RECEIVED } from '../../sw/messages';
import { handlePush, type PushRegistrationLike, type PushWindowLike, type ShownNotificationLike } from '../../sw/push';
import { APP_ORIGIN } from './worker-env';

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 200) throw new Error('condition never met');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const payload: PushPayload = {
  id: 'n-1',
  kind: 'reply_ready',
  title: 'SEO replied',
  body: 'Ten title tags for the spring launch.',
  url: '/agents/seo/chat/s7',
  tag: 'chat:s7',
  space_id: 'space-2',
};

const message = (value: unknown) => ({ json: () => value });

class FakeWindow implements PushWindowLike {
  readonly messages: unknown[] = [];
  /** Where the page says it is when asked (moved inside the app); null: it does not answer. */
  current: string | null | undefined = undefined;
  constructor(
    public url: string,
    public focused = false,
    public visibilityState: 'visible' | 'hidden' | 'prerender' = 'visible',
  ) {}
  postMessage(value: unknown, transfer?: Transferable[]) {
    if ((value as { type?: unknown }).type === CURRENT_URL) {
      if (this.current !== null) (transfer?.[0] as MessagePort).postMessage({ url: this.current ?? this.url });
      return;
    }
    this.messages.push(value);
  }
}

class FakeRegistration implements PushRegistrationLike {
  readonly shown: Array<{ title: string; options: NotificationOptions; closed: boolean } & ShownNotificationLike> = [];
  async showNotification(title: string, options: NotificationOptions) {
    // Like the platform: a notification with the same tag replaces the one shown before.
    const replaced = this.shown.findIndex((n) => n.options.tag === options.tag && !n.closed);
    if (replaced !== -1) this.shown[replaced]!.closed = true;
    const entry = {
      title,
      options,
      data: options.data,
      closed: false,
      close() {
        entry.closed = true;
      },
    };
    this.shown.push(entry);
  }
  async getNotifications({ tag }: { tag: string }) {
    return this.shown.filter((n) => n.options.tag === tag && !n.closed);
  }
}

/** A wait the test ends by hand: the 10 s close happens when the test says time has passed. */
function controlledWait() {
  const pending: Array<{ ms: number; resolve: () => void }> = [];
  return {
    wait: (ms: number) => new Promise<void>((resolve) => pending.push({ ms, resolve })),
    requested: () => pending.map((entry) => entry.ms),
    elapse: () => pending.splice(0).forEach((entry) => entry.resolve()),
  };
}

function context(windows: FakeWindow[], registration = new FakeRegistration(), timer = controlledWait()) {
  return { registration, clients: { matchAll: async () => windows }, appOrigin: APP_ORIGIN, wait: timer.wait, answerTimeoutMs: 50 };
}

describe('push handler', () => {
  it('shows the notification with its text, tag and where a click leads, then closes it after 10 s', async () => {
    const registration = new FakeRegistration();
    const timer = controlledWait();
    const handled = handlePush(message(payload), context([], registration, timer));
    await expect.poll(() => registration.shown.length).toBe(1);

    const [shown] = registration.shown;
    expect(shown!.title).toBe('SEO replied');
    expect(shown!.options).toMatchObject({ body: 'Ten title tags for the spring launch.', tag: 'chat:s7', data: { url: '/agents/seo/chat/s7', space_id: 'space-2', id: 'n-1' } });
    expect(shown!.closed).toBe(false);
    expect(timer.requested()).toEqual([NOTIFICATION_AUTO_CLOSE_MS]);

    timer.elapse();
    expect(await handled).toBe('shown');
    expect(shown!.closed).toBe(true);
  });

  it('does not close a newer notification of the same chat that replaced it', async () => {
    const registration = new FakeRegistration();
    const first = controlledWait();
    const second = controlledWait();
    const older = handlePush(message(payload), context([], registration, first));
    await expect.poll(() => registration.shown.length).toBe(1);
    void handlePush(message({ ...payload, id: 'n-2', body: 'A newer reply' }), context([], registration, second));
    await expect.poll(() => registration.shown.length).toBe(2);

    first.elapse();
    await older;
    expect(registration.shown.map((n) => [n.options.body, n.closed])).toEqual([
      ['Ten title tags for the spring launch.', true],
      ['A newer reply', false],
    ]);
  });

  it('leaves it to the page when a focused, visible window is on that chat', async () => {
    const onChat = new FakeWindow(`${APP_ORIGIN}/agents/seo/chat/s7`, true);
    const registration = new FakeRegistration();
    expect(await handlePush(message(payload), context([onChat], registration))).toBe('shown-by-page');
    expect(registration.shown).toEqual([]);
    // The page still hears of it (its list and badge update).
    expect(onChat.messages).toEqual([{ type: NOTIFICATION_RECEIVED, notification: payload }]);
  });

  it.each([
    ['a focused window elsewhere in the app', new FakeWindow(`${APP_ORIGIN}/dashboard`, true)],
    ['a window on the chat that is not focused', new FakeWindow(`${APP_ORIGIN}/agents/seo/chat/s7`, false)],
    ['a focused window on the chat in a hidden tab', new FakeWindow(`${APP_ORIGIN}/agents/seo/chat/s7`, true, 'hidden')],
  ])('shows it when the only window is %s', async (_, window) => {
    const registration = new FakeRegistration();
    void handlePush(message(payload), context([window], registration));
    await expect.poll(() => registration.shown.length).toBe(1);
    expect(window.messages).toHaveLength(1);
  });

  it('asks a window where it is now: one moved inside the app onto that chat gets no notification', async () => {
    // Loaded at the dashboard; Chromium's Client.url still says so after the app moved to the chat.
    const window = new FakeWindow(`${APP_ORIGIN}/dashboard`, true, 'visible');
    window.current = `${APP_ORIGIN}/agents/seo/chat/s7`;
    const registration = new FakeRegistration();
    await expect(handlePush(message(payload), context([window], registration))).resolves.toBe('shown-by-page');
    expect(registration.shown).toHaveLength(0);
  });

  it('shows it when a window moved inside the app away from that chat, whatever its Client.url says', async () => {
    const window = new FakeWindow(`${APP_ORIGIN}/agents/seo/chat/s7`, true, 'visible');
    window.current = `${APP_ORIGIN}/knowledge-base`;
    const registration = new FakeRegistration();
    const timer = controlledWait();
    const outcome = handlePush(message(payload), context([window], registration, timer));
    await until(() => registration.shown.length === 1);
    timer.elapse();
    await expect(outcome).resolves.toBe('shown');
  });

  it('judges a window that does not answer by its Client.url', async () => {
    const window = new FakeWindow(`${APP_ORIGIN}/agents/seo/chat/s7`, true, 'visible');
    window.current = null;
    const registration = new FakeRegistration();
    await expect(handlePush(message(payload), context([window], registration))).resolves.toBe('shown-by-page');
    expect(registration.shown).toHaveLength(0);
  });

  it('ignores windows of other origins', async () => {
    const foreign = new FakeWindow('https://other.example/agents/seo/chat/s7', true);
    const registration = new FakeRegistration();
    void handlePush(message(payload), context([foreign], registration));
    await expect.poll(() => registration.shown.length).toBe(1);
    expect(foreign.messages).toEqual([]);
  });

  it.each([
    ['no data', null],
    ['data that is not JSON', { json: () => JSON.parse('not json') as unknown }],
    ['JSON of another shape', message({ hello: 'world' })],
  ])('still shows a notification for a message with %s (a push must show something)', async (_, data) => {
    const registration = new FakeRegistration();
    void handlePush(data, context([], registration));
    await expect.poll(() => registration.shown.length).toBe(1);
    expect(registration.shown[0]).toMatchObject({ title: 'Mosaic', options: { data: { url: '/' } } });
  });
});
