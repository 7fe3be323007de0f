/**
 * The browser's notification edge for tests: a Notification permission the test controls and a
 * service-worker registration that records shown notifications and closes them by tag.
 */
import { vi } from 'vitest';

export interface ShownNotification {
  title: string;
  options: NotificationOptions;
  closed: boolean;
  close(): void;
}

export class FakeRegistration {
  readonly shown: ShownNotification[] = [];

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

export function installBrowserNotifications(initial: NotificationPermission = 'default'): BrowserNotifications {
  let permission = initial;
  const registration = new FakeRegistration();
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
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), controller: null },
  });
  state.setVisibility('hidden');
  return state;
}
