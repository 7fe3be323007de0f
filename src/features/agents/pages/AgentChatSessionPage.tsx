/**
 * A chat session: the agent's other chats on the side, the conversation (virtualised, from Dexie,
 * so it opens offline), the waiting indicator while a reply is written, and the message box.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Callout, Flex, Heading, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { ChatBubbleIcon, ExclamationTriangleIcon, PlusIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import type { MessageRow } from '../../../db';
import { useSession, useSessionMessages, useSessions } from '../agents.queries';
import { agentsState, loadSessionMessages } from '../agents.store';
import type { ChatMode } from '../../../contract/chat';
import { cancelReply, chatState, isLocked, rateReply, regenerateReply, sendMessage, startWaiting } from '../chat.store';
import { AgentIcon } from '../components/AgentIcon';
import { Composer } from '../components/Composer';
import { preloadMarkdown } from '../components/LazyMarkdown';
import { MessageList } from '../components/MessageList';
import { SessionList } from '../components/SessionList';
import { WaitingIndicator } from '../components/WaitingIndicator';
import { displayName, useAgentsData } from '../useAgentsData';
import '../agents.css';

/** Performance marks for "open a session → first paint" (tests/bench/chat-open.bench.ts reads them). */
export const OPEN_MARK = 'mosaic:chat-open';
export const PAINT_MARK = 'mosaic:chat-painted';

export default function AgentChatSessionPage() {
  const { slug = '', sessionId = '' } = useParams();
  const { spaceId } = useAgentsData();
  const { agents, messagesError, runs } = useSnapshot(agentsState);
  const chats = useSnapshot(chatState);
  const session = useSession(sessionId);
  const messages = useSessionMessages(sessionId);
  const sessions = useSessions(spaceId, slug) ?? [];
  const [mode, setMode] = useState<ChatMode>('normal');
  const name = displayName(slug, agents);
  const live = chats.sessions[sessionId];
  const locked = (live?.status ?? 'idle') !== 'idle';
  // The reply formatter downloads alongside the messages, so replies rarely show as plain text first.
  useEffect(() => {
    void preloadMarkdown().catch(() => undefined);
  }, []);
  const run = runs[sessionId];

  useEffect(() => {
    performance.mark(OPEN_MARK);
  }, [sessionId]);

  // Fetch the latest from the server; if a reply was still being written (e.g. after a reload), wait for it again.
  useEffect(() => {
    if (!spaceId || !sessionId) return;
    void loadSessionMessages(sessionId).then((latest) => {
      if (latest && (latest.status === 'queued' || latest.status === 'running') && !isLocked(sessionId)) {
        startWaiting(sessionId, slug, Date.parse(latest.updated_at), new Date(Date.now() - 60_000).toISOString());
      }
    });
  }, [spaceId, sessionId, slug]);

  const onFirstPaint = useCallback(() => {
    performance.mark(PAINT_MARK);
  }, []);

  const send = async (text: string) => {
    try {
      await sendMessage({ slug, sessionId, text, mode });
    } catch (error) {
      toast.error((error as Error).message);
      throw error;
    }
  };

  const onRate = useCallback(async (message: MessageRow, rating: 1 | -1 | null, categories: string[], text: string | null) => {
    await rateReply(message.id, rating, categories, text);
  }, []);

  const onRegenerate = useCallback(
    (message: MessageRow) => {
      void regenerateReply(sessionId, message.id).catch((error: Error) => toast.error(error.message));
    },
    [sessionId],
  );

  const error = live?.error ?? messagesError[sessionId] ?? null;
  const missing = session === null && messages !== undefined && messages.length === 0 && messagesError[sessionId];

  return (
    <div className="chat-layout">
      <aside className="chat-sidebar" aria-label={`${name} chats`}>
        <Flex className="chat-sidebar__head" align="center" justify="between" gap="2">
          <Flex align="center" gap="2">
            <AgentIcon slug={slug} size={28} />
            <Text weight="bold">{name}</Text>
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
          <SessionList sessions={sessions} slug={slug} activeId={sessionId} locked={locked} />
        </div>
      </aside>
      <section className="chat-main" aria-label="Chat">
        <header className="chat-header">
          <Heading as="h1" size="3" className="chat-header__title">
            {session?.title ?? 'Chat'}
          </Heading>
          <Button variant="ghost" size="1" asChild className="chat-header__all">
            <RouterLink to={`/agents/${encodeURIComponent(slug)}`}>
              <ChatBubbleIcon /> All chats
            </RouterLink>
          </Button>
        </header>
        {missing ? (
          <Callout.Root color="red" m="4">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{messagesError[sessionId]}</Callout.Text>
          </Callout.Root>
        ) : (
          <MessageList
            messages={messages ?? []}
            agentSlug={slug}
            agentName={name}
            onRate={onRate}
            onRegenerate={onRegenerate}
            regenerateEnabled={!locked}
            onFirstPaint={onFirstPaint}
            footer={
              locked ? (
                <WaitingIndicator agentName={name} phase={live?.phase ?? null} sentAt={live?.sentAt ?? null} sending={live?.status === 'sending'} onCancel={() => void cancelReply(sessionId)} />
              ) : null
            }
          />
        )}
        <div className="chat-composer-wrap">
          {error && !locked ? (
            <Text as="p" size="2" color={error === 'Request cancelled' ? 'gray' : 'red'} role="alert" className="composer" mb="2">
              {error}
              {run?.status === 'failed' && run.refunded ? ' Your credits were refunded.' : ''}
            </Text>
          ) : null}
          <Composer
            draftKey={sessionId}
            spaceId={spaceId}
            agentName={name}
            busy={live?.status === 'sending'}
            waiting={live?.status === 'waiting'}
            mode={mode}
            onModeChange={setMode}
            onSend={send}
            onCancel={() => void cancelReply(sessionId)}
          />
        </div>
      </section>
    </div>
  );
}
