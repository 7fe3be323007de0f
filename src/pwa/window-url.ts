/**
 * The page's answer to the worker's "where is this window now?" (sw/window-urls.ts): the address
 * it shows, which Chromium's Client.url does not follow once the app moves between screens. The
 * worker asks before deciding whether a notification is needed and which window a click goes to.
 */
import { CURRENT_URL, type CurrentUrlAnswer } from '../../sw/messages';

export function answerWorkerUrlQuestions(): () => void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return () => undefined;
  const listener = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== CURRENT_URL) return;
    event.ports[0]?.postMessage({ url: window.location.href } satisfies CurrentUrlAnswer);
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
