/** One chat in the history: its title, agent and last activity (a link), and its ⋯ menu. */
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Flex, Text, Tooltip } from '@radix-ui/themes';
import { DrawingPinFilledIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { searchTerms } from '../../../contract/chat-history';
import type { SessionRow } from '../../../db';
import { AgentIcon } from '../components/AgentIcon';
import { ChatMenu } from './ChatMenu';
import { historyState } from './history.store';

/** Words as the search splits them (letters and digits); split() keeps them at the odd indexes. */
const WORD = /([\p{L}\p{N}]+)/u;

/**
 * The snippet with each word the search found in <mark>: a word that starts with one of the terms,
 * as the search matches them ("house" marks "houseplants"). Text only: React writes it as text, so
 * a message holding markup shows the markup, never runs it.
 */
function SnippetText({ snippet }: { snippet: string }) {
  const terms = searchTerms(useSnapshot(historyState).search.query);
  const found = (word: string) => terms.some((term) => word.toLowerCase().startsWith(term));
  return (
    <>
      {snippet.split(WORD).map((part, index) =>
        index % 2 === 1 && found(part) ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}

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
            <SnippetText snippet={snippet} />
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
