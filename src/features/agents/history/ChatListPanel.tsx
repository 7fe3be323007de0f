/**
 * The list of chats beside a conversation: the agent, New chat, and every chat of the space (the
 * one history rail). On a desktop it is the chat screen's side column; on a phone the same panel
 * opens in a drawer from the chat's header (ChatsDrawer).
 */
import { Link as RouterLink } from 'react-router-dom';
import { Flex, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { PlusIcon } from '@radix-ui/react-icons';
import { AgentIcon } from '../components/AgentIcon';
import { HistoryRail } from './HistoryRail';

export interface ChatListPanelProps {
  slug: string;
  agentName: string;
  spaceId: string | null;
  activeId: string;
  /** A reply is on its way: switching chats waits (spec 001 §4). */
  locked: boolean;
  onDeleted(sessionId: string): void;
}

export function ChatListPanel({ slug, agentName, spaceId, activeId, locked, onDeleted }: ChatListPanelProps) {
  return (
    <>
      <Flex className="chat-sidebar__head" align="center" justify="between" gap="2">
        <Flex align="center" gap="2">
          <AgentIcon slug={slug} size={28} />
          <Text weight="bold">{agentName}</Text>
        </Flex>
        <Tooltip content={locked ? 'Wait for the reply (or cancel it) first' : 'New chat'}>
          {locked ? (
            <IconButton variant="soft" disabled aria-label="New chat">
              <PlusIcon />
            </IconButton>
          ) : (
            <IconButton variant="soft" asChild aria-label="New chat">
              <RouterLink to={`/agents/${encodeURIComponent(slug)}`}>
                <PlusIcon />
              </RouterLink>
            </IconButton>
          )}
        </Tooltip>
      </Flex>
      <div className="chat-sidebar__list">
        {/* Every chat of the space (not only this agent's): the one history rail. */}
        <HistoryRail spaceId={spaceId} activeId={activeId} locked={locked} onDeleted={onDeleted} />
      </div>
    </>
  );
}
