/**
 * Every chat of the space across agents: search box, agent filter, and the list grouped Pinned /
 * Today / Yesterday / Previous 7 days / by month, each chat with its ⋯ menu. Reads the device's
 * copy (Dexie), so it shows offline; search asks the server, or offline searches the device.
 */
import { useEffect, useState } from 'react';
import { Button, Flex, Spinner, Text, TextField } from '@radix-ui/themes';
import { Select } from '../../../ui/Select';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { useOnline } from '../../../pwa';
import { SavedListPending, useSavedListState } from '../../../pwa/SavedListPending';
import { SESSIONS_SYNC_NAME } from '../agents.sync';
import { useSessions } from '../agents.queries';
import { agentsState } from '../agents.store';
import { displayName } from '../useAgentsData';
import { groupHistory, lastActiveLabel } from './history-groups';
import { historyState, loadHistory, searchHistory } from './history.store';
import { HistoryItem } from './HistoryItem';
import './history.css';
import { formatCount } from '../../../contract/format';

/** Typing pauses this long before a search goes out (one request per pause, not per key). */
const SEARCH_PAUSE_MS = 250;
const ALL_AGENTS = 'all';

interface HistoryRailProps {
  spaceId: string | null;
  activeId?: string;
  locked?: boolean;
  onDeleted?: (sessionId: string) => void;
}

export function HistoryRail({ spaceId, activeId, locked = false, onDeleted }: HistoryRailProps) {
  const { agents } = useSnapshot(agentsState);
  const history = useSnapshot(historyState);
  const online = useOnline();
  const [query, setQuery] = useState(history.search.query);
  const [agent, setAgent] = useState(ALL_AGENTS);
  const slug = agent === ALL_AGENTS ? undefined : agent;
  const everyChat = useSessions(spaceId);
  const sessions = everyChat?.filter((session) => !slug || session.agentSlug === slug);
  // No chats on the device means "none" only once the space's chat list was saved here.
  const listState = useSavedListState(SESSIONS_SYNC_NAME, spaceId, history.error !== null);

  useEffect(() => {
    if (spaceId) void loadHistory();
  }, [spaceId]);

  useEffect(() => {
    const timer = setTimeout(() => void searchHistory(query), query.trim() === '' ? 0 : SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
    // Coming back online repeats the search on the server.
  }, [query, spaceId, online]);

  const now = new Date();
  const groups = groupHistory(sessions ?? [], now);
  const searching = query.trim() !== '';
  // Results show each chat as saved now (renamed, pinned since the search), and never a deleted one.
  const live = new Map((sessions ?? []).map((session) => [session.id, session]));
  const hits = history.search.hits.flatMap((hit) => {
    const session = live.get(hit.session.id);
    return session ? [{ ...hit, session }] : [];
  });
  const nameOf = (agentSlug: string) => displayName(agentSlug, agents);
  const item = (session: (typeof hits)[number]['session'], snippet?: string) => (
    <HistoryItem
      key={session.id}
      session={session}
      agentName={nameOf(session.agentSlug)}
      when={lastActiveLabel(session.updatedAt, now)}
      snippet={snippet}
      active={session.id === activeId}
      locked={locked}
      onDeleted={onDeleted}
    />
  );

  return (
    <nav aria-label="Chat history" className="history-rail">
      <Flex direction="column" gap="2" className="history-rail__controls">
        <TextField.Root type="search" aria-label="Search chats" placeholder="Search titles and messages" value={query} onChange={(event) => setQuery(event.target.value)}>
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        <Select.Root value={agent} onValueChange={setAgent}>
          <Select.Trigger aria-label="Filter by agent" />
          <Select.Content>
            <Select.Item value={ALL_AGENTS}>All agents</Select.Item>
            {agents.map((entry) => (
              <Select.Item key={entry.slug} value={entry.slug}>
                {entry.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>

      {searching ? (
        <section aria-label="Search results" aria-busy={history.search.status === 'searching'}>
          <Text as="p" size="1" color="gray" role="status" className="history-rail__status">
            {history.search.status === 'searching' ? (
              <>
                <Spinner size="1" /> Searching…
              </>
            ) : history.search.message ? (
              history.search.message
            ) : history.search.status === 'done' ? (
              `${hits.length === 0 ? 'No chats match' : formatCount(hits.length, 'chat matches', 'chats match')} “${history.search.query}”${
                history.search.source === 'device' ? ' among the chats saved on this device (offline).' : '.'
              }`
            ) : null}
          </Text>
          <ul className="history-rail__list plain-list">{hits.map((hit) => item(hit.session, hit.snippet))}</ul>
        </section>
      ) : (
        <>
          {history.error ? (
            <Text as="p" size="1" color="gray" role="status" className="history-rail__status">
              {history.error}
            </Text>
          ) : null}
          {everyChat !== undefined && everyChat.length === 0 && listState !== 'known' ? (
            <SavedListPending state={listState} what="chats" />
          ) : sessions !== undefined && sessions.length === 0 ? (
            <Text as="p" size="2" color="gray" className="history-rail__status">
              {slug ? `No chats with ${nameOf(slug)} yet.` : 'No chats yet. Start one from an agent.'}
            </Text>
          ) : null}
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={`history-group-${group.key}`} className="history-rail__group">
              <Text as="p" size="1" weight="medium" color="gray" id={`history-group-${group.key}`} className="history-rail__group-label">
                {group.label}
              </Text>
              <ul className="history-rail__list plain-list">{group.sessions.map((session) => item(session))}</ul>
            </section>
          ))}
          {history.hasMore ? (
            <Button variant="soft" color="gray" size="1" m="2" loading={history.loading} onClick={() => void loadHistory({ more: true })}>
              Show older chats
            </Button>
          ) : null}
        </>
      )}
    </nav>
  );
}
