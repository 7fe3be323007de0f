/**
 * The browser's notification edge for tests: a Notification permission the test controls, a
 * service-worker registration that records shown notifications and closes them by tag, and (when
 * asked) the Push API: a PushManager whose subscriptions the test can inspect or make fail.
 */
import { vi } from 'vitest';

export class FakePushSubscription {
  unsubscribed = false;
  readonly options: { applicationServerKey: ArrayBuffer; userVisibleOnly: boolean };
  constructor(
    readonly endpoint: string,
    key: Uint8Array,
    private readonly manager: FakePushManager,
  ) {
    this.options = { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    if (this.manager.current === this) this.manager.current = null;
    return true;
  }
}

export class FakePushManager {
  current: FakePushSubscription | null = null;
  /** The push service cannot be reached: subscribe() rejects, as browsers do. */
  unreachable = false;
  readonly subscribeCalls: Array<{ userVisibleOnly?: boolean; applicationServerKey?: Uint8Array }> = [];
  private count = 0;
  async getSubscription() {
    return this.current;
  }
  async subscribe(options: { userVisibleOnly?: boolean; applicationServerKey?: Uint8Array }) {
    this.subscribeCalls.push(options);
    if (this.unreachable) throw new DOMException('Registration failed - push service error', 'AbortError');
    this.current = new FakePushSubscription(`https://push.example.test/device-${++this.count}`, options.applicationServerKey ?? new Uint8Array(), this);
    return this.current;
  }
}

export interface ShownNotification {
  title: string;
  options: NotificationOptions;
  closed: boolean;
  close(): void;
}

export class FakeRegistration {
  readonly shown: ShownNotification[] = [];
  /** Present only when the test installs push (installBrowserNotifications(…, { push: true })). */
  pushManager?: FakePushManager;

  async showNotification(title: string, options: NotificationOptions = {}): Promise<void> {
    // Same tag replaces the older notification, as browsers do.
    for (const old of this.shown) if (options.tag && old.options.tag === options.tag) old.closed = true;
    const notification: ShownNotification = {
      title,
      options,
      closed: false,
      close() {
        this.closed = true;
      },
    };
    this.shown.push(notification);
  }

  async getNotifications(filter: { tag?: string } = {}): Promise<ShownNotification[]> {
    return this.shown.filter((n) => !n.closed && (filter.tag === undefined || n.options.tag === filter.tag));
  }

  open(): ShownNotification[] {
    return this.shown.filter((n) => !n.closed);
  }
}

export interface BrowserNotifications {
  registration: FakeRegistration;
  /** What the next permission request answers. */
  answer: NotificationPermission;
  requestPermission: ReturnType<typeof vi.fn>;
  setPermission(permission: NotificationPermission): void;
  setVisibility(state: DocumentVisibilityState): void;
}

export function installBrowserNotifications(initial: NotificationPermission = 'default', options: { push?: boolean } = {}): BrowserNotifications {
  let permission = initial;
  const registration = new FakeRegistration();
  if (options.push) {
    registration.pushManager = new FakePushManager();
    vi.stubGlobal('PushManager', FakePushManager);
  }
  const state: BrowserNotifications = {
    registration,
    answer: 'granted',
    requestPermission: vi.fn(async () => {
      permission = state.answer;
      return permission;
    }),
    setPermission: (next) => {
      permission = next;
    },
    setVisibility: (next) => {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(next);
    },
  };
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: state.requestPermission,
  });
  // An event target, like the real container: the page listens for the worker's messages on it.
  const container = Object.assign(new EventTarget(), {
    ready: Promise.resolve(registration),
    controller: null,
    getRegistration: async () => registration,
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  state.setVisibility('hidden');
  return state;
}
