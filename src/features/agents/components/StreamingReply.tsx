/**
 * The reply while it is being written: the text so far (Markdown, as the finished reply will
 * look), then the waiting line (Stop is the composer's). Before the first character only the waiting line shows.
 *
 * It reads the chat's live state itself: a model writes tens of pieces a second, and each one
 * re-renders this bubble only, not the chat page and its conversation.
 */
import { Flex, Text } from '@radix-ui/themes';
import { useSnapshot } from 'valtio';
import { chatState } from '../chat.store';
import { AgentIcon } from './AgentIcon';
import { LazyMarkdown } from '../../../ui/markdown/LazyMarkdown';
import { WaitingIndicator } from './WaitingIndicator';

interface StreamingReplyProps {
  sessionId: string;
  agentSlug: string;
  agentName: string;
  /** The wait is over and the conversation is about to show the reply: the text alone, no waiting line. */
  settled?: boolean;
}

export function StreamingReply({ sessionId, agentSlug, agentName, settled = false }: StreamingReplyProps) {
  const live = useSnapshot(chatState).sessions[sessionId];
  const text = live?.streamText ?? null;
  const phase = live?.phase ?? null;
  const sentAt = live?.sentAt ?? null;
  const sending = live?.status === 'sending';
  // One message per situation: a message on its way says "Sending…" under itself already.
  const quiet = settled || (sending && Boolean(live?.pendingText));
  return (
    <>
      {text ? (
        <div className="chat-message chat-message--assistant chat-message--streaming" data-testid="streaming-reply">
          <Flex gap="3" align="start">
            <AgentIcon slug={agentSlug} size={32} />
            <div className="chat-bubble chat-bubble--assistant">
              <Text as="p" size="2" weight="bold" mb="1">
                {agentName}
              </Text>
              <LazyMarkdown text={text} />
            </div>
          </Flex>
        </div>
      ) : null}
      {quiet ? null : <WaitingIndicator agentName={agentName} phase={phase} sentAt={sentAt} sending={sending} writing={Boolean(text)} />}
    </>
  );
}
