/**
 * Where the app's open windows are now. Chromium's Client.url stays at the address a window was
 * loaded at: moving to another screen inside the app (history.pushState) does not change it. The
 * worker may also have been stopped and started again since (a push wakes it), so it cannot keep
 * track itself; it asks each window on a MessageChannel and uses Client.url only for a window
 * that does not answer in time (frozen in the background, or an older version of the app).
 */
import { askWindow, type AskableWindow } from './ask-window';
import { CURRENT_URL, type CurrentUrlAnswer } from './messages';

/** Long enough for a live page to answer, short enough that a notification is not held up. */
export const CURRENT_URL_ANSWER_MS = 250;

async function askUrl(window: AskableWindow, timeoutMs: number): Promise<string> {
  const answer = await askWindow<CurrentUrlAnswer>(window, { type: CURRENT_URL }, timeoutMs);
  return typeof answer?.url === 'string' ? answer.url : window.url;
}

/** Each window with the address it shows now, in the order given. */
export async function withCurrentUrls<T extends AskableWindow>(windows: readonly T[], timeoutMs = CURRENT_URL_ANSWER_MS): Promise<Array<{ window: T; url: string }>> {
  const urls = await Promise.all(windows.map((window) => askUrl(window, timeoutMs)));
  return windows.map((window, index) => ({ window, url: urls[index]! }));
}
