/**
 * The reply while it is being written: the text so far (Markdown, as the finished reply will
 * look), then the waiting line (Stop is the composer's). Before the first character only the waiting line shows.
 */
import { Flex, Text } from '@radix-ui/themes';
import type { PollPhaseName } from '../lib/chat-rules';
import { AgentIcon } from './AgentIcon';
import { LazyMarkdown } from './LazyMarkdown';
import { WaitingIndicator } from './WaitingIndicator';

interface StreamingReplyProps {
  agentSlug: string;
  agentName: string;
  text: string | null;
  phase: PollPhaseName | null;
  sentAt: number | null;
  sending: boolean;
}

export function StreamingReply({ agentSlug, agentName, text, phase, sentAt, sending }: StreamingReplyProps) {
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
      <WaitingIndicator agentName={agentName} phase={phase} sentAt={sentAt} sending={sending} writing={Boolean(text)} />
    </>
  );
}
