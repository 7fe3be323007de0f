/**
 * Opening a notification from the in-app list: it is marked read, the app switches to the space its
 * chat or run lives in (when that is not the current one and the person still has it), then goes
 * there. A push opened from the system tray gets the same space switch from `?space=` at start-up
 * (space-from-url.ts).
 */
import type { AppNotification } from '../../contract/notifications';
import { spacesState } from '../../session';
import { switchSpace } from '../spaces/spaces.store';
import { markNotificationsRead } from './notifications.store';

export function openNotification(item: Pick<AppNotification, 'id' | 'url' | 'space_id' | 'read_at'>, navigate: (url: string) => void): void {
  if (item.read_at === null) void markNotificationsRead([item.id]);
  const spaceId = item.space_id;
  if (spaceId && spaceId !== spacesState.currentSpaceId && spacesState.spaces.some((space) => space.id === spaceId)) {
    switchSpace(spaceId);
  }
  navigate(item.url);
}
