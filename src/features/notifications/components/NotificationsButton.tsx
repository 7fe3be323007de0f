import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Flex, Popover, Text, Tooltip } from '@radix-ui/themes';
import { BellIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { timeAgo } from '../../../contract/format';
import { isOptedIn, notificationSupport } from '../../../pwa';
import { useNow } from '../../../pwa/use-now';
import { markAllNotificationsRead, notificationsState, startNotificationsSync } from '../notifications.store';
import { openNotification } from '../open-notification';
import { pushSupported, subscribeThisDevice } from '../push-subscription';
import './notifications.css';

export const NOTIFICATIONS_TITLE = 'Notifications';
export const NO_NOTIFICATIONS_TEXT = 'Nothing yet. When a long reply arrives or an Agent Mode run finishes or needs you, it shows here.';
export const STALE_NOTIFICATIONS_TEXT = 'Showing what was last loaded: new notifications appear once Mosaic reaches the server again.';

function triggerLabel(unread: number): string {
  return unread > 0 ? `${NOTIFICATIONS_TITLE}, ${unread} unread` : NOTIFICATIONS_TITLE;
}

/**
 * The in-app notifications in the sidebar footer: a bell with the unread count, opening the
 * latest notifications. It works with or without push, so it is the fallback whenever push is
 * unavailable. Keeps the list fresh while the person is signed in (notifications.store.ts).
 */
export function NotificationsButton({ collapsed, onChoose }: { collapsed: boolean; onChoose: () => void }) {
  const { items, unreadCount, loaded, stale } = useSnapshot(notificationsState);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const now = useNow();

  useEffect(() => {
    const stop = startNotificationsSync();
    // An opted-in device hands its push subscription over again at each start: the server may have
    // dropped it, or the browser renewed it; the server keeps one row per device either way.
    if (isOptedIn() && notificationSupport() === 'granted' && pushSupported()) void subscribeThisDevice().catch(() => undefined);
    return stop;
  }, []);

  const choose = (index: number) => {
    const item = notificationsState.items[index];
    if (!item) return;
    setOpen(false);
    onChoose();
    openNotification(item, (url) => void navigate(url));
  };

  const trigger = (
    // Collapsed, only the icon shows, so the label names it; expanded, the visible text is the name
    // (the count is read from the hidden text; the badge repeats it for the eye).
    <button type="button" className="sidebar-item notifications-trigger" aria-label={collapsed ? triggerLabel(unreadCount) : undefined}>
      <span className="sidebar-item__icon notifications-trigger__icon" aria-hidden="true">
        <BellIcon width={16} height={16} />
        {collapsed && unreadCount > 0 ? <span className="notifications-trigger__dot" /> : null}
      </span>
      {collapsed ? null : (
        <Text size="2" className="sidebar-item__label">
          {NOTIFICATIONS_TITLE}
          {unreadCount > 0 ? <span className="visually-hidden">, {unreadCount} unread</span> : null}
        </Text>
      )}
      {!collapsed && unreadCount > 0 ? (
        <Badge size="1" color="red" variant="solid" radius="full" aria-hidden="true">
          {unreadCount > 99 ? '99+' : unreadCount}
        </Badge>
      ) : null}
    </button>
  );

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {collapsed ? (
        <Tooltip content={triggerLabel(unreadCount)} side="right">
          <Popover.Trigger>{trigger}</Popover.Trigger>
        </Tooltip>
      ) : (
        <Popover.Trigger>{trigger}</Popover.Trigger>
      )}
      <Popover.Content side="top" align="start" sideOffset={6} collisionPadding={12} className="notifications-panel" aria-label={NOTIFICATIONS_TITLE}>
        <Flex justify="between" align="center" gap="3" mb="2">
          <Text as="p" size="3" weight="bold">
            {NOTIFICATIONS_TITLE}
          </Text>
          <Button size="1" variant="ghost" disabled={unreadCount === 0} onClick={() => void markAllNotificationsRead()}>
            Mark all as read
          </Button>
        </Flex>
        {stale ? (
          <Text as="p" size="1" color="gray" mb="2" role="note">
            {STALE_NOTIFICATIONS_TEXT}
          </Text>
        ) : null}
        {loaded && items.length === 0 ? (
          <Text as="p" size="2" color="gray">
            {NO_NOTIFICATIONS_TEXT}
          </Text>
        ) : (
          <ul className="plain-list notifications-list">
            {items.map((item, index) => (
              <li key={item.id}>
                <button type="button" className="notifications-item" data-unread={item.read_at === null || undefined} onClick={() => choose(index)}>
                  <Text as="span" size="2" weight={item.read_at === null ? 'bold' : 'regular'} className="notifications-item__title">
                    {item.read_at === null ? <span className="visually-hidden">Unread: </span> : null}
                    {item.title}
                  </Text>
                  <Text as="span" size="1" color="gray" className="notifications-item__body">
                    {item.body}
                  </Text>
                  <Text as="span" size="1" color="gray">
                    {timeAgo(Date.parse(item.created_at), now)}
                  </Text>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Popover.Content>
    </Popover.Root>
  );
}
