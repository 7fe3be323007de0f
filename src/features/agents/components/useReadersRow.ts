/**
 * Keeps the message the reader is reading where it is on screen (MessageList): when earlier
 * messages are added above it, or rows above it are measured, the view moves by what changed, not
 * the row. The row is the first one in view, noted when the reader scrolls (the list's own moves
 * are not theirs), and put back after every render. At the bottom the list follows the end instead.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';

/** The first row (in order) whose end is below `offset`: binary search, the rows being in order. */
function firstEndingAfter(rows: readonly VirtualItem[], offset: number): VirtualItem | undefined {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rows[middle]!.end > offset) high = middle;
    else low = middle + 1;
  }
  return rows[low];
}

interface ReadersRowOptions {
  /** The list's scrolling element (read when needed: it is there once the list is). */
  scroller: () => HTMLDivElement | null;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  /** Where the row with this key is now (the virtualizer's keys); -1 when it is gone. */
  indexOf: (key: string) => number;
  atBottom: RefObject<boolean>;
  /** The height of what sits above the rows (the earlier messages), 0 when nothing does. */
  headerHeight: number;
}

/** Returns what the list calls on each scroll event. */
export function useReadersRow({ scroller, virtualizer, indexOf, atBottom, headerHeight }: ReadersRowOptions): () => void {
  const anchor = useRef<{ key: string; fromTop: number; index: number; headerInView: boolean } | null>(null);
  const movedTo = useRef<number | null>(null);

  const noteAnchor = () => {
    const element = scroller();
    if (!element) return;
    const top = element.scrollTop;
    // Every row's place (not only the rows rendered, which may still be those of the last position).
    virtualizer.getVirtualItems();
    const item = firstEndingAfter(virtualizer.measurementsCache, top);
    anchor.current = item ? { key: String(item.key), fromTop: item.start - top, index: item.index, headerInView: top < headerHeight } : null;
  };

  useLayoutEffect(() => {
    const element = scroller();
    const kept = anchor.current;
    if (!element || !kept || atBottom.current) return;
    const index = indexOf(kept.key);
    if (index < 0) return;
    // Only the header changed (a failed read says why, over two lines on a phone) while the reader
    // looks at it: the header stays in view, and the row below it moves with it. (A header gone
    // means the chat's start is read: its rows are about to come above, and the row is kept.)
    if (kept.headerInView && index === kept.index && headerHeight > 0) {
      noteAnchor();
      return;
    }
    virtualizer.getVirtualItems();
    const start = virtualizer.measurementsCache[index]?.start;
    if (start === undefined) return;
    const target = Math.max(0, start - kept.fromTop);
    if (Math.abs(element.scrollTop - target) < 1) return;
    movedTo.current = target;
    element.scrollTop = target;
  });

  return () => {
    const element = scroller();
    if (!element) return;
    // The list's own move (putting the row back) is not the reader's: the row stays the one noted.
    const ownMove = movedTo.current !== null && Math.abs(element.scrollTop - movedTo.current) < 1;
    movedTo.current = null;
    if (!ownMove) noteAnchor();
  };
}
