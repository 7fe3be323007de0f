/**
 * A chat session: the space's chats on the side, the conversation (the chosen branch of its
 * versions, virtualised, from Dexie, so it opens offline; a long chat read in pages, its earlier
 * messages as the reader scrolls up), messages waiting in the outbox, the waiting indicator while a
 * reply is written, and the message box.
 */
import type { FeedbackCategory } from '../../../contract/feedback-categories';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, Callout, Heading, Text } from '@radix-ui/themes';
import { ChatBubbleIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { saveDraft, type MessageRow } from '../../../db';
import { leafForVersion } from '../../../contract/chat-tree';
import { NETWORK_REQUIRED_MESSAGE, useOnline } from '../../../pwa';
import { SavedListPending } from '../../../pwa/SavedListPending';
import { useSession } from '../agents.queries';
import { agentsState, loadEarlierMessages } from '../agents.store';
import { chatState } from '../chat.store';
import { stopReply } from '../reply-controls';
import { rateReply } from '../reply-rating';
import { sendMessage } from '../send/send-message';
import { regenerateReply } from '../versions/regenerate';
import { Composer } from '../components/Composer';
import { preloadMarkdown } from '../../../ui/markdown/LazyMarkdown';
import { MessageList } from '../components/MessageList';
import { EarlierMessages, type EarlierState } from '../components/EarlierMessages';
import { ExportMenu } from '../components/ExportMenu';
import { chatUsesOfflineEngine, OfflineEngineBadge } from '../components/OfflineEngineBadge';
import { StreamingReply } from '../components/StreamingReply';
import { SendingMessage } from '../components/SendingMessage';
import { useSendingEcho } from '../useSendingEcho';
import { ChatListPanel } from '../history/ChatListPanel';
import { ChatsDrawer } from '../history/ChatsDrawer';
import { ChatActionsMenu } from '../components/ChatActionsMenu';
import { SpaceSetupTip } from '../components/SpaceSetupTip';
import { useIsMobile } from '../../../ui/useMediaQuery';
import { QueuedMessage } from '../outbox/QueuedMessage';
import { anyWaiting, queuedToShow, useQueued } from '../outbox/outbox.store';
import { useOutboxActions } from '../outbox/useOutboxActions';
import { chooseLeaf } from '../versions/branch.store';
import { useConversation } from '../versions/useConversation';
import { ChatSourcePreview } from '../citations/ChatSourcePreview';
import { clearContext, contextPayload } from '../context/composer-context.store';
import { ShareButton } from '../share/LazyShareDialog';
import { chatNotice } from '../lib/chat-notice';
import { displayName, useAgentsData } from '../useAgentsData';
import { useChatFromServer } from '../useChatFromServer';
import { useDefaultMode } from '../useDefaultMode';
import '../agents.css';

/** Performance marks for "open a session → first paint" (tests/bench/chat-open.bench.ts reads them). */
export const OPEN_MARK = 'mosaic:chat-open';
export const PAINT_MARK = 'mosaic:chat-painted';

export default function AgentChatSessionPage() {
  const { slug = '', sessionId = '' } = useParams();
  const arrivedFromNewChat = (useLocation().state as { focusComposer?: boolean } | null)?.focusComposer === true;
  const { spaceId } = useAgentsData();
  const { agents, messagesError, runs, earlierLoading, earlierError } = useSnapshot(agentsState);
  const chats = useSnapshot(chatState);
  const session = useSession(sessionId);
  const live = chats.sessions[sessionId];
  const locked = (live?.status ?? 'idle') !== 'idle';
  const online = useOnline();
  const earlierFailed = earlierError[sessionId] ?? null;
  const conversation = useConversation(sessionId, spaceId, { waiting: locked, earlierUnavailable: !online || earlierFailed !== null });
  const shown = conversation.shown;
  const queued = useQueued(sessionId) ?? [];
  // Narrow screens (no side column): the chats in a drawer, the actions in one menu.
  const phone = useIsMobile();
  const navigate = useNavigate();
  const [mode, setMode] = useDefaultMode(slug, agents);
  const [preset, setPreset] = useState<{ text: string } | null>(null);
  const name = displayName(slug, agents);
  // The reply formatter downloads alongside the messages, so replies rarely show as plain text first.
  useEffect(() => {
    void preloadMarkdown().catch(() => undefined);
  }, []);
  const run = runs[sessionId];

  useEffect(() => {
    performance.mark(OPEN_MARK);
  }, [sessionId]);

  // The latest from the server, on opening and whenever the connection comes back.
  useChatFromServer(sessionId, slug, spaceId);

  // The reader neared the top of what is held: the page before it (a failed read waits for "Try again").
  const onReachTop = useCallback(() => {
    if (online && !agentsState.earlierError[sessionId]) void loadEarlierMessages(sessionId);
  }, [online, sessionId]);
  const onLoadEarlier = useCallback(() => void loadEarlierMessages(sessionId), [sessionId]);
  // The version chosen on this device is older than what is held: earlier pages until it is.
  const { chosenNotHeld, all: held } = conversation;
  useEffect(() => {
    if (chosenNotHeld && online && earlierFailed === null) void loadEarlierMessages(sessionId);
  }, [chosenNotHeld, held, online, earlierFailed, sessionId]);
  const earlierState: EarlierState = earlierLoading[sessionId] ? 'loading' : !online ? 'offline' : earlierFailed !== null ? 'failed' : 'ready';

  const onFirstPaint = useCallback(() => {
    performance.mark(PAINT_MARK);
  }, []);

  const shownLeaf = shown?.at(-1)?.id;
  const echo = useSendingEcho(shown, queued, sessionId);
  const send = async (text: string, attachments: { assetIds: string[] }) => {
    // On screen at once, from memory, until the conversation shows it from the device.
    echo.hold(text);
    try {
      // The new message follows the end of the branch on screen (the version the reader is looking at).
      await sendMessage({ slug, sessionId, text, mode, ...contextPayload(sessionId), assetIds: attachments.assetIds, ...(shownLeaf ? { parentId: shownLeaf } : {}) });
    } catch (error) {
      // A refusal is shown once, above the box (live.error), with the text put back: no toast as well.
      echo.drop();
      throw error;
    }
    clearContext(sessionId);
  };

  const onRate = useCallback(async (message: MessageRow, rating: 1 | -1 | null, categories: FeedbackCategory[], text: string | null) => {
    await rateReply(message.id, rating, categories, text);
  }, []);

  const { tree } = conversation;
  const onRegenerate = useCallback(
    (message: MessageRow) => {
      // A failure is shown once, above the box (live.error); a toast as well made it show twice.
      void regenerateReply(sessionId, { id: message.id, parentId: tree.parentOf.get(message.id) ?? null }, slug).catch(() => undefined);
    },
    [sessionId, slug, tree],
  );

  const onEdit = useCallback(
    async (message: MessageRow, text: string) => {
      // The new version follows what the edited message followed; the server says so too (edits_message_id).
      await sendMessage({ slug, sessionId, text, mode, editsMessageId: message.id, parentId: tree.parentOf.get(message.id) ?? null });
    },
    [slug, sessionId, mode, tree],
  );

  const onShowVersion = useCallback(
    (versionId: string) => {
      if (spaceId) void chooseLeaf(spaceId, sessionId, leafForVersion(tree, versionId));
    },
    [spaceId, sessionId, tree],
  );

  const putBackInComposer = useCallback(
    (text: string) => {
      setPreset({ text });
      if (spaceId) void saveDraft(sessionId, spaceId, text);
    },
    [sessionId, spaceId],
  );
  const outboxActions = useOutboxActions(putBackInComposer);

  // A reply that just finished stays where it was written until the conversation, read from the device, has it.
  const settling = !locked && Boolean(live?.streamText) && live?.settledReplyId != null && !(conversation.all ?? []).some((message) => message.id === live.settledReplyId);
  const error = chatNotice(live?.error ?? messagesError[sessionId], { waiting: anyWaiting(queued), online });
  const missing = session === null && shown !== undefined && shown.length === 0 && messagesError[sessionId];
  // A chat always has a message: none on the device means it has not been read from the server yet
  // (a chat started elsewhere, opened here for the first time). Say so rather than show an empty chat.
  const notLoaded = shown !== undefined && shown.length === 0 && echo.text === null && queued.length === 0 && !locked && !settling;

  const title = session?.title ?? 'Chat';
  const exported = { title, agentName: name, messages: (shown ?? []).filter((entry) => !entry.pending) };
  // The export is of the whole chat: every page read, the branch starting at the chat's first message.
  const whole = !conversation.hasEarlier && (shown?.[0]?.parentId ?? null) === null;
  const chatList = { slug, agentName: name, spaceId, activeId: sessionId, locked, onDeleted: (id: string) => id === sessionId && navigate('/agents/history') };

  return (
    <div className="chat-layout">
      <aside className="chat-sidebar" aria-label="Chats">
        <ChatListPanel {...chatList} />
      </aside>
      <section className="chat-main" aria-label="Chat">
        <header className="chat-header">
          {phone ? <ChatsDrawer {...chatList} /> : null}
          {/* The whole title: CSS shortens it (one line on a desktop, two on a phone), the tooltip and the ⋯ menu show it all. */}
          <Heading as="h1" size="3" className="chat-header__title" title={title}>
            {title}
          </Heading>
          {chatUsesOfflineEngine(conversation.all ?? []) ? <OfflineEngineBadge slug={slug} /> : null}
          {phone ? (
            <ChatActionsMenu session={session} chat={exported} sessionId={sessionId} whole={whole} slug={slug} locked={locked} />
          ) : (
            <>
              {session ? <ShareButton session={session} /> : null}
              <ExportMenu chat={exported} sessionId={sessionId} whole={whole} />
              <Button variant="ghost" size="1" asChild className="chat-header__all" aria-label="All chats">
                <RouterLink to="/agents/history">
                  <ChatBubbleIcon aria-hidden="true" /> <span className="chat-header__label">All chats</span>
                </RouterLink>
              </Button>
            </>
          )}
        </header>
        {/* Replies carry their own h3 sections: this keeps the outline h1 → h2 → h3. */}
        <h2 className="visually-hidden">Messages</h2>
        {missing ? (
          <Callout.Root color="red" m="4">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{messagesError[sessionId]}</Callout.Text>
          </Callout.Root>
        ) : (
          <ChatSourcePreview messages={conversation.all}>
          <MessageList
            messages={shown ?? []}
            tree={tree}
            partial={conversation.hasEarlier}
            header={conversation.hasEarlier ? <EarlierMessages state={earlierState} error={earlierFailed} onLoad={onLoadEarlier} /> : null}
            onReachTop={conversation.hasEarlier ? onReachTop : undefined}
            agentSlug={slug}
            agentName={name}
            onRate={onRate}
            onRegenerate={onRegenerate}
            onEdit={onEdit}
            onShowVersion={onShowVersion}
            busy={locked}
            offlineReason={online ? null : NETWORK_REQUIRED_MESSAGE}
            onFirstPaint={onFirstPaint}
            // The reader's own new message (sending, or waiting in the outbox) brings the list to the end.
            jumpToEndKey={`${shown?.at(-1)?.pending ? shown.at(-1)!.id : ''}|${echo.text === null ? '' : 'sending'}|${queued.map((row) => row.id).join(',')}`}
            footer={
              <>
                {notLoaded ? <SavedListPending state={messagesError[sessionId] ? 'unavailable' : 'loading'} what="messages" /> : null}
                {echo.text !== null ? <SendingMessage text={echo.text} status={echo.sent ? 'Sent' : 'Sending…'} /> : null}
                {queuedToShow(queued, (live?.status ?? 'idle') !== 'idle').map((row) => (
                  <QueuedMessage key={row.id} row={row} online={online} {...outboxActions} />
                ))}
                {locked || settling ? (
                  <StreamingReply sessionId={sessionId} agentSlug={slug} agentName={name} settled={!locked} />
                ) : null}
                {/* Owners and admins, once per device: what would make the answers better. */}
                <div className="chat-setup-tip">
                  <SpaceSetupTip spaceId={spaceId} slug={slug} agentName={name} />
                </div>
              </>
            }
          />
          </ChatSourcePreview>
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
            onCancel={() => void stopReply(sessionId)}
            preset={preset}
            autoFocus={arrivedFromNewChat}
            agentSlug={slug}
          />
        </div>
      </section>
    </div>
  );
}
