/** One chat in the history: its title, agent and last activity (a link), and its ⋯ menu. */
import { Link as RouterLink } from 'react-router-dom';
import { Flex, Text, Tooltip } from '@radix-ui/themes';
import { DrawingPinFilledIcon } from '@radix-ui/react-icons';
import type { SessionRow } from '../../../db';
import { AgentIcon } from '../components/AgentIcon';
import { ChatMenu } from './ChatMenu';

interface HistoryItemProps {
  session: SessionRow;
  agentName: string;
  when: string;
  /** A passage where the search found its words. */
  snippet?: string;
  active: boolean;
  /** Spec 001 §4: switching chats is blocked while a reply is on its way. */
  locked: boolean;
  onDeleted?: (sessionId: string) => void;
}

export function HistoryItem({ session, agentName, when, snippet, active, locked, onDeleted }: HistoryItemProps) {
  const body = (
    <Flex gap="2" align="start" className="history-item__body" data-active={active || undefined} data-disabled={(locked && !active) || undefined}>
      <AgentIcon slug={session.agentSlug} size={24} />
      <Flex direction="column" className="history-item__text">
        <Text size="2" weight={active ? 'medium' : 'regular'} className="history-item__title" title={session.title}>
          {session.pinned ? <DrawingPinFilledIcon aria-label="Pinned" className="history-item__pin" /> : null}
          {session.title}
        </Text>
        <Text size="1" color="gray">
          {agentName} · <time dateTime={session.updatedAt}>{when}</time>
        </Text>
        {snippet && snippet !== session.title ? (
          <Text size="1" color="gray" className="history-item__snippet">
            {snippet}
          </Text>
        ) : null}
      </Flex>
    </Flex>
  );
  const href = `/agents/${encodeURIComponent(session.agentSlug)}/chat/${encodeURIComponent(session.id)}`;
  return (
    <li className="history-item">
      {locked && !active ? (
        <Tooltip content="Wait for the reply (or cancel it) before switching chats">
          <span aria-disabled="true" className="history-item__link">
            {body}
          </span>
        </Tooltip>
      ) : (
        <RouterLink to={href} aria-current={active ? 'page' : undefined} className="history-item__link">
          {body}
        </RouterLink>
      )}
      <ChatMenu session={session} onDeleted={onDeleted} />
    </li>
  );
}
