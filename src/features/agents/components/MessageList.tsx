/**
 * The conversation, virtualised (@tanstack/react-virtual): only the messages on screen are in the
 * page, so a 5,000-message session opens fast and scrolls smoothly. Rows measure themselves
 * (replies vary from one line to pages). Opens at the bottom and follows new messages while the
 * reader is at the bottom; leaves them alone when they scrolled up to read.
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { MessageRow } from '../../../db';
import { MessageBubble } from './MessageBubble';

/** Within this many pixels of the end counts as "at the bottom". */
const STICK_THRESHOLD_PX = 120;

interface MessageListProps {
  messages: MessageRow[];
  agentSlug: string;
  agentName: string;
  footer?: ReactNode;
  onRate: (message: MessageRow, rating: 1 | -1 | null, categories: string[], text: string | null) => Promise<void>;
  onRegenerate: (message: MessageRow) => void;
  regenerateEnabled: boolean;
  /** Called once the first screenful of messages is on screen (for the open-time measure). */
  onFirstPaint?: () => void;
}

export function MessageList({ messages, agentSlug, agentName, footer, onRate, onRegenerate, regenerateEnabled, onFirstPaint }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const painted = useRef(false);
  const lastReplyId = [...messages].reverse().find((m) => m.role === 'assistant')?.id;

  // TanStack Virtual hands out fresh functions each render, so the React Compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (messages[index]?.role === 'assistant' ? 280 : 72),
    getItemKey: (index) => messages[index]?.id ?? index,
    overscan: 6,
    // A first guess of the viewport so the first frame already shows messages (measured right after).
    initialRect: { width: 800, height: 720 },
  });

  useLayoutEffect(() => {
    if (messages.length > 0 && atBottom.current) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [messages.length, virtualizer]);

  useEffect(() => {
    if (painted.current || messages.length === 0) return;
    painted.current = true;
    requestAnimationFrame(() => onFirstPaint?.());
  }, [messages.length, onFirstPaint]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_THRESHOLD_PX;
  };

  return (
    <div ref={scroller} className="message-list" onScroll={onScroll} role="log" aria-label="Conversation" aria-live="polite">
      <div className="message-list__inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index]!;
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="message-list__row" style={{ transform: `translateY(${item.start}px)` }}>
              <MessageBubble
                message={message}
                agentSlug={agentSlug}
                agentName={agentName}
                canRegenerate={regenerateEnabled && message.id === lastReplyId}
                onRate={onRate}
                onRegenerate={onRegenerate}
              />
            </div>
          );
        })}
      </div>
      {footer}
    </div>
  );
}
