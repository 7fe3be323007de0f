/**
 * A notification clicked in the system tray opens the app at its chat or run with `?space=<id>`
 * (sw/notifications.ts): the chat lives in that space, which may not be the one this browser last
 * used. Before the app starts, the id is saved as the space to start in (spaces initialisation then
 * picks it if the person has it, else falls back as usual) and the parameter leaves the address bar.
 */
import { NOTIFICATION_SPACE_PARAM } from '../../contract/notification-rules';
import { saveSpaceId } from '../../session';

/** Call once at start-up, before the session and spaces initialise. */
export function adoptSpaceFromUrl(location: Location = window.location, history: History = window.history): void {
  const url = new URL(location.href);
  const spaceId = url.searchParams.get(NOTIFICATION_SPACE_PARAM);
  if (!spaceId) return;
  saveSpaceId(spaceId);
  url.searchParams.delete(NOTIFICATION_SPACE_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
