/**
 * One agent's landing page: a start box, starter prompts and the recent chats with it. A first
 * message stays on screen from Send until its chat has opened, with its reply as it starts.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Badge, Box, Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { Page } from '../../../ui/Page';
import { saveDraft } from '../../../db';
import { useOnline } from '../../../pwa';
import { SavedListPending, useSavedListState } from '../../../pwa/SavedListPending';
import { SESSIONS_SYNC_NAME } from '../agents.sync';
import { QueuedMessage } from '../outbox/QueuedMessage';
import { anyWaiting, outboxState, queuedToShow, useQueued } from '../outbox/outbox.store';
import { useOutboxActions } from '../outbox/useOutboxActions';
import { useSessions } from '../agents.queries';
import { agentsState } from '../agents.store';
import { chatState, newChatKey } from '../chat.store';
import { sendMessage } from '../send/send-message';
import { AgentIcon } from '../components/AgentIcon';
import { Composer } from '../components/Composer';
import { clearContext, contextPayload } from '../context/composer-context.store';
import { SessionList } from '../components/SessionList';
import { SpaceSetupTip } from '../components/SpaceSetupTip';
import { SendingMessage } from '../components/SendingMessage';
import { StreamingReply } from '../components/StreamingReply';
import { preloadMarkdown } from '../../../ui/markdown/LazyMarkdown';
import { preloadScreenAt } from '../../../navigation/screen-preload';
import { handOverSending, useSendingEcho } from '../useSendingEcho';
import { chatNotice } from '../lib/chat-notice';
import { displayName, useAgentsData } from '../useAgentsData';
import { useDefaultMode } from '../useDefaultMode';
import '../agents.css';

export default function AgentChatPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { spaceId } = useAgentsData();
  const { agents, agentsError, sessionsError } = useSnapshot(agentsState);
  const chats = useSnapshot(chatState);
  const sessions = useSessions(spaceId, slug) ?? [];
  // No chats on the device means "none" only once the space's chat list was saved here.
  const chatList = useSavedListState(SESSIONS_SYNC_NAME, spaceId, sessionsError !== null);
  const agent = agents.find((entry) => entry.slug === slug);
  const name = displayName(slug, agents);
  const [mode, setMode] = useDefaultMode(slug, agents);
  const [preset, setPreset] = useState<string | { text: string } | null>(null);
  const chatKey = newChatKey(slug);
  const live = chats.sessions[chatKey];
  const unknown = agents.length > 0 && !agent;
  const online = useOnline();
  const queued = useQueued(chatKey) ?? [];
  const notice = chatNotice(live?.error, { waiting: anyWaiting(queued), online });
  const { delivered } = useSnapshot(outboxState);
  const putBackInComposer = useCallback(
    (text: string) => {
      setPreset({ text });
      if (spaceId) void saveDraft(chatKey, spaceId, text);
    },
    [chatKey, spaceId],
  );
  const outboxActions = useOutboxActions(putBackInComposer);

  const openChat = useCallback(
    // The chat's own screen opens with focus in its message box, ready for the follow-up.
    (sessionId: string) => navigate(chatPath(slug, sessionId), { state: { focusComposer: true } }),
    [navigate, slug],
  );
  // The chat this page opens, and the replies' renderer, download while the person writes: on a
  // first visit over a slow network they took seconds, and the first message and its reply then
  // waited for them (docs/pwa.md "Slow networks").
  useEffect(() => {
    preloadScreenAt(chatPath(slug, 'next'));
    void preloadMarkdown().catch(() => undefined);
  }, [slug]);
  const echo = useSendingEcho(undefined, queued);
  // The chat the first message started: its reply shows here until the chat's screen takes over.
  const [opening, setOpening] = useState<string | null>(null);
  // A first message written offline was sent meanwhile: its new chat opens.
  const deliveredTo = delivered[chatKey];
  useEffect(() => {
    if (!deliveredTo) return;
    delete outboxState.delivered[chatKey];
    void openChat(deliveredTo);
  }, [deliveredTo, chatKey, openChat]);

  const send = async (text: string, attachments: { assetIds: string[] }) => {
    // On screen at once, from memory: nothing is stored or answered yet.
    echo.hold(text);
    let outcome: Awaited<ReturnType<typeof sendMessage>>;
    try {
      outcome = await sendMessage({ slug, sessionId: null, text, mode, ...contextPayload(chatKey), assetIds: attachments.assetIds });
    } catch (error) {
      // A refusal is shown once, under the box (live.error), with the text put back: no toast as well.
      echo.drop();
      throw error;
    }
    clearContext(chatKey);
    if (outcome.kind !== 'accepted') return;
    setOpening(outcome.accepted.session_id);
    // The chat's screen keeps it in view while it reads the chat from the device.
    handOverSending(outcome.accepted.session_id, text);
    void openChat(outcome.accepted.session_id);
  };
  // The person's own message (sent from this page), else one the outbox is sending from here.
  const sendingText = echo.text ?? (live?.status === 'sending' ? live.pendingText : null);

  if (unknown) {
    return (
      <Page>
        <Callout.Root color="red">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{agentsError ?? 'This agent is not available in your current space.'}</Callout.Text>
        </Callout.Root>
      </Page>
    );
  }

  return (
    <Page wide>
      <Flex gap="4" align="center" mb="5">
        <AgentIcon slug={slug} size={52} />
        <Box>
          <Flex align="center" gap="2">
            <Heading as="h1" size="6">
              {name}
            </Heading>
            {agent ? (
              <Badge variant="soft" color={agent.engine === 'offline' ? 'gray' : 'green'}>
                {agent.engine === 'offline' ? 'Offline engine' : agent.engine_model}
              </Badge>
            ) : null}
          </Flex>
          <Text as="p" size="2" color="gray" mt="1">
            {agent?.tagline ?? `Chat with ${name}.`}
          </Text>
        </Box>
      </Flex>
      <div className="agent-landing">
        <Flex direction="column" gap="4">
          <SpaceSetupTip spaceId={spaceId} slug={slug} agentName={name} />
          <Card size="3">
            <Heading as="h2" size="3" mb="3">
              Start a new chat
            </Heading>
            {sendingText ? (
              // Shown at once: the new chat's first message stays on screen until its chat opens.
              <SendingMessage text={sendingText} status={opening ? 'Sent' : 'Sending…'} />
            ) : null}
            {opening && (chats.sessions[opening]?.status ?? 'idle') !== 'idle' ? (
              <StreamingReply sessionId={opening} agentSlug={slug} agentName={name} />
            ) : opening ? (
              // The reply came before the chat's screen: it shows there in a moment.
              <Flex className="waiting-indicator" align="center" gap="3" role="status">
                <Spinner size="2" />
                <Text size="2" color="gray">
                  Opening the chat…
                </Text>
              </Flex>
            ) : null}
            {/* Written offline: it waits here and opens its chat once sent. */}
            {queuedToShow(queued, (live?.status ?? 'idle') !== 'idle')
              .map((row) => (
                <QueuedMessage key={row.id} row={row} online={online} {...outboxActions} />
              ))}
            <Composer
              draftKey={chatKey}
              spaceId={spaceId}
              agentName={name}
              busy={live?.status === 'sending' || sendingText !== null}
              waiting={false}
              mode={mode}
              onModeChange={setMode}
              onSend={send}
              preset={preset}
              autoFocus
              agentSlug={slug}
            />
            {notice ? (
              <Text as="p" size="2" color="red" mt="2" role="alert">
                {notice}
              </Text>
            ) : null}
          </Card>
          {agent && agent.starters.length > 0 ? (
            <Box>
              <Text as="p" size="2" weight="medium" mb="2">
                Try asking
              </Text>
              <div className="starter-chips">
                {agent.starters.map((starter) => (
                  <Button key={starter} variant="surface" color="gray" radius="full" className="starter-chip" onClick={() => setPreset(`${starter}`)}>
                    {starter}
                  </Button>
                ))}
              </div>
            </Box>
          ) : null}
          {agent ? (
            <Text as="p" size="1" color="gray">
              Answers follow this shape: {agent.sections.join(' · ')}.
            </Text>
          ) : null}
        </Flex>
        <Card size="2">
          <Heading as="h2" size="3" mb="2">
            Recent chats
          </Heading>
          {sessions.length === 0 && chatList !== 'known' ? (
            <SavedListPending state={chatList} what="chats" />
          ) : (
            <SessionList sessions={sessions.slice(0, 20)} slug={slug} locked={live?.status === 'sending' || opening !== null} />
          )}
          <Button variant="ghost" size="1" mt="2" asChild>
            <RouterLink to="/agents/history">Every chat in this space</RouterLink>
          </Button>
        </Card>
      </div>
    </Page>
  );
}

const chatPath = (slug: string, sessionId: string) => `/agents/${encodeURIComponent(slug)}/chat/${encodeURIComponent(sessionId)}`;
