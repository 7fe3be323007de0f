/**
 * The conversation, virtualised (@tanstack/react-virtual): only the messages on screen are in the
 * page, so a 5,000-message session opens fast and scrolls smoothly. Rows measure themselves
 * (replies vary from one line to pages). Opens at the bottom and follows new messages while the
 * reader is at the bottom; leaves them alone when they scrolled up to read. Above the messages,
 * `header` (the chat's earlier messages, read page by page); earlier messages added above keep the
 * message the reader was reading where it was.
 */
import type { FeedbackCategory } from '../../../contract/feedback-categories';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { MessageRow } from '../../../db';
import { parentHeld, versionsOf, type ChatTree } from '../../../contract/chat-tree';
import { MessageBubble, type VersionPlace } from './MessageBubble';
import { useReadersRow } from './useReadersRow';

/** Within this many pixels of the end counts as "at the bottom". */
const STICK_THRESHOLD_PX = 120;
/** Within this many pixels of the top, the earlier messages are asked for (before the reader gets there). */
const REACH_TOP_PX = 400;

interface MessageListProps {
  /** The branch on screen, first message first. */
  messages: MessageRow[];
  /** The chat's messages the device holds, every version (where each message sits among its versions). */
  tree: ChatTree<MessageRow>;
  /**
   * The device does not hold the chat's start: a message whose parent is not held may have versions
   * not read yet, so it shows no version switcher until they are.
   */
  partial?: boolean;
  /** Above the messages: the chat's earlier messages (a button, their loading, why they are not there). */
  header?: ReactNode;
  /** The reader scrolled near the top of the messages held. */
  onReachTop?: () => void;
  agentSlug: string;
  agentName: string;
  footer?: ReactNode;
  onRate: (message: MessageRow, rating: 1 | -1 | null, categories: FeedbackCategory[], text: string | null) => Promise<void>;
  onRegenerate: (message: MessageRow) => void;
  onEdit: (message: MessageRow, text: string) => Promise<void>;
  onShowVersion: (versionId: string) => void;
  /** A reply is being written: versions, edit and regenerate wait. */
  busy: boolean;
  /** Why edit and regenerate are unavailable offline; null online. */
  offlineReason: string | null;
  /** Called once the first screenful of messages is on screen (for the open-time measure). */
  onFirstPaint?: () => void;
  /** Changes when the user sends (or queues) a message: the list goes to the end, wherever the reader was. */
  jumpToEndKey?: string;
}

export function MessageList(props: MessageListProps) {
  const { messages, tree, partial = false, header, onReachTop, agentSlug, agentName, footer, onRate, onRegenerate, onEdit, onShowVersion, busy, offlineReason, onFirstPaint, jumpToEndKey } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const headerBox = useRef<HTMLDivElement>(null);
  const [headerHeight, setHeaderHeight] = useState(0);
  const hasHeader = Boolean(header);
  const atBottom = useRef(true);
  const painted = useRef(false);
  // Worked out once per change of the chat (not per render while a reply streams), so rows keep their props.
  const places = useMemo(() => {
    const map = new Map<string, VersionPlace | null>();
    for (const message of messages) {
      if (partial && !parentHeld(tree, message.id)) {
        map.set(message.id, null);
        continue;
      }
      const found = versionsOf(tree, message.id);
      map.set(message.id, found.count > 1 ? { index: found.index, count: found.count, previousId: found.previous?.id ?? null, nextId: found.next?.id ?? null } : null);
    }
    return map;
  }, [messages, tree, partial]);
  // A row is keyed by its place in the tree (the message it follows), not by its id: switching
  // versions keeps the row, and with it the focus on the switcher and its announced count.
  const rowKey = (message: MessageRow) => `after:${tree.parentOf.get(message.id) ?? 'start'}`;

  // TanStack Virtual hands out fresh functions each render, so the React Compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (messages[index]?.role === 'assistant' ? 280 : 72),
    getItemKey: (index) => (messages[index] ? rowKey(messages[index]) : index),
    overscan: 6,
    // A first guess of the viewport so the first frame already shows messages (measured right after).
    initialRect: { width: 800, height: 720 },
    // The header sits above the rows inside the same scroller.
    scrollMargin: headerHeight,
  });
  // The header's height, kept up to date (its text wraps on a phone; it goes once the chat's start is read).
  useLayoutEffect(() => {
    const box = headerBox.current;
    setHeaderHeight(box ? box.offsetHeight : 0);
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeaderHeight(box.offsetHeight));
    observer.observe(box);
    return () => observer.disconnect();
  }, [hasHeader]);

  // The message being read stays in place as rows come or change above it. Rows measured above the
  // view: at the bottom the library moves the view by the difference (the list follows the end);
  // elsewhere useReadersRow puts the row back.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) => atBottom.current && item.start < (instance.scrollOffset ?? 0);
  const readersRowScrolled = useReadersRow({
    scroller: () => scroller.current,
    virtualizer,
    indexOf: (key) => messages.findIndex((message) => rowKey(message) === key),
    atBottom,
    headerHeight,
  });

  useLayoutEffect(() => {
    if (messages.length > 0 && atBottom.current) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [messages.length, virtualizer]);

  // The footer grows while a reply streams in: a reader at the bottom keeps following it. Watched
  // by size rather than told by the page, so the page does not re-render for every piece of text.
  // The conversation's own box is watched too: something appearing above or below it (a tip, the
  // files of the message box) shrinks it, and a reader at the bottom stays there.
  const footerBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    const box = footerBox.current;
    if (!element || !box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(box);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !jumpToEndKey) return;
    atBottom.current = true;
    if (messages.length > 0) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    element.scrollTop = element.scrollHeight;
    // Only a change of the key jumps; new messages alone follow the reader's place (above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jumpToEndKey]);

  useEffect(() => {
    if (painted.current || messages.length === 0) return;
    painted.current = true;
    requestAnimationFrame(() => onFirstPaint?.());
  }, [messages.length, onFirstPaint]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_THRESHOLD_PX;
    readersRowScrolled();
    if (element.scrollTop < REACH_TOP_PX) onReachTop?.();
  };

  return (
    <div ref={scroller} className="message-list" onScroll={onScroll} role="log" aria-label="Conversation" aria-live="polite">
      {hasHeader ? <div ref={headerBox}>{header}</div> : null}
      <div className="message-list__inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index]!;
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="message-list__row" style={{ transform: `translateY(${item.start - headerHeight}px)` }}>
              <MessageBubble
                message={message}
                agentSlug={agentSlug}
                agentName={agentName}
                versions={places.get(message.id) ?? null}
                busy={busy}
                offlineReason={offlineReason}
                onRate={onRate}
                onRegenerate={onRegenerate}
                onEdit={onEdit}
                onShowVersion={onShowVersion}
              />
            </div>
          );
        })}
      </div>
      <div ref={footerBox}>{footer}</div>
    </div>
  );
}
