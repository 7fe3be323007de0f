/** A space's chats with one agent, newest activity first; blocked while a reply is on its way. */
import { Link as RouterLink } from 'react-router-dom';
import { Flex, Text, Tooltip } from '@radix-ui/themes';
import { ChatBubbleIcon } from '@radix-ui/react-icons';
import type { SessionRow } from '../../../db';
import { lastActiveLabel } from '../history/history-groups';

interface SessionListProps {
  sessions: SessionRow[];
  slug: string;
  activeId?: string;
  /** Spec 001 §4: session changes are blocked while locked, sending or polling. */
  locked: boolean;
}

export function SessionList({ sessions, slug, activeId, locked }: SessionListProps) {
  if (sessions.length === 0) {
    return (
      <Text as="p" size="2" color="gray" className="session-list__empty">
        No conversations yet.
      </Text>
    );
  }
  return (
    <nav aria-label="Chat sessions">
      <ul className="session-list plain-list">
        {sessions.map((session) => {
          const active = session.id === activeId;
          const item = (
            <Flex align="center" gap="2" className="session-list__item" data-active={active || undefined} data-disabled={(locked && !active) || undefined}>
              <ChatBubbleIcon className="session-list__icon" />
              <Text size="2" className="session-list__title" weight={active ? 'medium' : 'regular'} title={session.title}>
                {session.title}
              </Text>
              <Text size="1" color="gray" className="session-list__when">
                {lastActiveLabel(session.updatedAt, new Date())}
              </Text>
            </Flex>
          );
          return (
            <li key={session.id}>
              {locked && !active ? (
                <Tooltip content="Wait for the reply (or cancel it) before switching chats">
                  <span aria-disabled="true">{item}</span>
                </Tooltip>
              ) : (
                <RouterLink to={`/agents/${encodeURIComponent(slug)}/chat/${encodeURIComponent(session.id)}`} aria-current={active ? 'page' : undefined} className="session-list__link">
                  {item}
                </RouterLink>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
