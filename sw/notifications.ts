/**
 * What a click on a notification does (spec 001 §4; docs/pwa.md "Notifications"): bring the app forward on that
 * chat or run. Typed structurally (not with the WebWorker lib's Clients) so the logic is testable
 * with small fakes and compiles in any project.
 */
import { NOTIFICATION_SPACE_PARAM } from '../src/contract/notification-rules';
import { withCurrentUrls } from './window-urls';

export interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}

export interface ClickedNotification {
  data?: unknown;
  close(): void;
}

/** Where a notification leads when its data has no usable chat URL. */
export const FALLBACK_URL = '/';

/**
 * The chat URL from the notification's data, resolved against the app. Only URLs of the app's
 * own origin are followed: a notification must never open another site. A push names the space
 * of its chat or run; the URL carries it so the window opens in that space.
 */
export function targetUrlOf(data: unknown, appOrigin: string): string {
  const fields = typeof data === 'object' && data !== null ? (data as { url?: unknown; space_id?: unknown }) : {};
  const raw = fields.url;
  if (typeof raw !== 'string' || raw === '') return new URL(FALLBACK_URL, appOrigin).href;
  try {
    const url = new URL(raw, appOrigin);
    if (url.origin !== appOrigin) return new URL(FALLBACK_URL, appOrigin).href;
    if (typeof fields.space_id === 'string' && fields.space_id !== '') url.searchParams.set(NOTIFICATION_SPACE_PARAM, fields.space_id);
    return url.href;
  } catch {
    return new URL(FALLBACK_URL, appOrigin).href;
  }
}

/** The same screen: a window already on the chat is in its space, whatever the query says. */
function samePath(a: string, b: string): boolean {
  const left = new URL(a);
  const right = new URL(b);
  return left.origin === right.origin && left.pathname === right.pathname;
}

/**
 * Focuses an open window of the app and moves it to the chat, or opens a new window when none is
 * open. A window already on that chat is preferred, so nothing the user typed there is reloaded.
 */
export async function openChatFromNotification(
  notification: ClickedNotification,
  clients: ClientsLike,
  appOrigin: string,
  answerTimeoutMs?: number,
): Promise<void> {
  notification.close();
  const target = targetUrlOf(notification.data, appOrigin);
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (client) => new URL(client.url).origin === appOrigin,
  );
  // Where each window is now, not where it was loaded (window-urls.ts).
  const onTarget = (await withCurrentUrls(windows, answerTimeoutMs)).find(({ url }) => samePath(url, target))?.window;
  if (onTarget) {
    await onTarget.focus();
    return;
  }
  const existing = windows[0];
  if (existing) {
    await existing.focus();
    try {
      await existing.navigate(target);
      return;
    } catch {
      // navigate() refuses windows this worker does not control yet; a new window still works.
    }
  }
  await clients.openWindow(target);
}
