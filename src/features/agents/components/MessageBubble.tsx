/** One message: the user's text as typed, or the agent's reply as sanitised Markdown with actions. */
import { memo, useState } from 'react';
import { Badge, Flex, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { CheckIcon, CopyIcon, ReloadIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import type { MessageRow } from '../../../db';
import { AgentIcon } from './AgentIcon';
import { LazyMarkdown } from './LazyMarkdown';
import { RatingDialog } from './RatingDialog';
import { onFirstUse } from '../../../contract/on-first-use';

function ThumbIcon({ down, filled }: { down?: boolean; filled?: boolean }) {
  return (
    <svg width="15" height="15" viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" style={down ? { transform: 'rotate(180deg)' } : undefined}>
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3Zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18.2 21H7" />
    </svg>
  );
}

const timeFormat = onFirstUse(() => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }));

interface MessageBubbleProps {
  message: MessageRow;
  agentSlug: string;
  agentName: string;
  /** Regenerate is offered on the latest reply only. */
  canRegenerate: boolean;
  onRate: (message: MessageRow, rating: 1 | -1 | null, categories: string[], text: string | null) => Promise<void>;
  onRegenerate: (message: MessageRow) => void;
}

export const MessageBubble = memo(function MessageBubble({ message, agentSlug, agentName, canRegenerate, onRate, onRegenerate }: MessageBubbleProps) {
  const [copied, setCopied] = useState(false);
  const [ratingOpen, setRatingOpen] = useState<1 | -1 | null>(null);
  const at = timeFormat().format(new Date(message.createdAt));

  if (message.role === 'user') {
    return (
      <div className="chat-message chat-message--user" data-pending={message.pending || undefined}>
        <div className="chat-bubble chat-bubble--user">
          <Text as="p" size="2" className="chat-bubble__text">
            {message.content}
          </Text>
        </div>
        <Text size="1" color="gray" className="chat-message__meta">
          {message.pending ? 'Sending…' : at}
        </Text>
      </div>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.content);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error('Could not copy: your browser blocked access to the clipboard.');
    }
  };

  const rate = (rating: 1 | -1) => {
    const next = message.rating === rating ? null : rating;
    void onRate(message, next, [], null).catch((error: Error) => toast.error(error.message));
    if (next !== null) setRatingOpen(next);
  };

  return (
    <div className="chat-message chat-message--assistant">
      <Flex gap="3" align="start">
        <AgentIcon slug={agentSlug} size={32} />
        <div className="chat-bubble chat-bubble--assistant">
          <Flex align="center" gap="2" mb="1">
            <Text size="2" weight="bold">
              {agentName}
            </Text>
            <Text size="1" color="gray">
              {at}
            </Text>
          </Flex>
          <LazyMarkdown text={message.content} />
          <Flex className="chat-actions" gap="1" mt="2" align="center">
            <Tooltip content={copied ? 'Copied' : 'Copy reply'}>
              <IconButton size="1" variant="ghost" color="gray" aria-label="Copy reply" onClick={() => void copy()}>
                {copied ? <CheckIcon /> : <CopyIcon />}
              </IconButton>
            </Tooltip>
            <Tooltip content="Helpful">
              <IconButton size="1" variant="ghost" color={message.rating === 1 ? 'green' : 'gray'} aria-label="Helpful" aria-pressed={message.rating === 1} onClick={() => rate(1)}>
                <ThumbIcon filled={message.rating === 1} />
              </IconButton>
            </Tooltip>
            <Tooltip content="Not helpful">
              <IconButton size="1" variant="ghost" color={message.rating === -1 ? 'red' : 'gray'} aria-label="Not helpful" aria-pressed={message.rating === -1} onClick={() => rate(-1)}>
                <ThumbIcon down filled={message.rating === -1} />
              </IconButton>
            </Tooltip>
            {canRegenerate ? (
              <Tooltip content="Write a new reply (charged like a message)">
                <IconButton size="1" variant="ghost" color="gray" aria-label="Regenerate reply" onClick={() => onRegenerate(message)}>
                  <ReloadIcon />
                </IconButton>
              </Tooltip>
            ) : null}
            {message.feedbackCategories.length > 0 ? (
              <Flex gap="1" ml="2" wrap="wrap">
                {message.feedbackCategories.map((category) => (
                  <Badge key={category} size="1" variant="soft" color="gray">
                    {category.replace(/_/g, ' ')}
                  </Badge>
                ))}
              </Flex>
            ) : null}
          </Flex>
        </div>
      </Flex>
      {ratingOpen !== null ? (
        <RatingDialog
          rating={ratingOpen}
          open
          onOpenChange={(open) => !open && setRatingOpen(null)}
          onSubmit={(categories, text) => onRate(message, ratingOpen, categories, text)}
        />
      ) : null}
    </div>
  );
});
