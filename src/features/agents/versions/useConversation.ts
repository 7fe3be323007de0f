/**
 * The conversation on screen: the chat's saved messages (every version) as a tree, and the branch
 * the reader chose (src/contract/chat-tree.ts). A 5,000-message chat builds its tree in a few
 * milliseconds; the first screenful (the latest 40 messages) shows before the rest is read.
 *
 * A long chat is read in pages, newest first (chat-pages.ts): the device may hold only its newest
 * part. The branch shown then starts at its oldest message held, and a chosen version older than
 * what is held waits for the earlier pages (the screen reads them) rather than showing another.
 */
import { useMemo } from 'react';
import type { MessageRow } from '../../../db';
import { buildChatTree, pathTo, shownBranch, type ChatTree } from '../../../contract/chat-tree';
import { useSessionMessageSet } from '../agents.queries';
import { useChatPages } from '../chat-pages';
import { useChosenLeaf } from './branch.store';

export interface Conversation {
  /** The branch on screen, first message first; undefined while reading. */
  shown: MessageRow[] | undefined;
  tree: ChatTree<MessageRow>;
  /** Every saved message, every version (exports and the offline badge read them). */
  all: MessageRow[] | undefined;
  /** The chat has earlier messages than the device holds. */
  hasEarlier: boolean;
  /** The version the reader chose is older than what the device holds: earlier pages are needed to show it. */
  chosenNotHeld: boolean;
}

interface ConversationOptions {
  /** A reply is being written (a regeneration's question then shows without its earlier reply). */
  waiting?: boolean;
  /** Earlier pages cannot be read now (offline, or the last read failed): a chosen version not held gives way to the newest. */
  earlierUnavailable?: boolean;
}

export function useConversation(sessionId: string | undefined, spaceId: string | null, options: ConversationOptions = {}): Conversation {
  const set = useSessionMessageSet(sessionId);
  const chosen = useChosenLeaf(sessionId);
  const pages = useChatPages(spaceId, sessionId);
  const leaf = chosen === undefined ? undefined : (chosen?.leafId ?? null);
  const exact = options.waiting === true && chosen?.exact === true;
  const earlierUnavailable = options.earlierUnavailable === true;
  // The rows array is the live query's own (the same object until the data changes), so the tree is
  // built once per change, not on every render while a reply streams in.
  const rows = set?.rows;
  const complete = set?.complete ?? false;
  const hasEarlier = pages?.hasEarlier === true;
  const pagesRead = pages !== undefined;
  return useMemo(() => {
    const tree = buildChatTree(rows ?? []);
    const leafNotHeld = leaf !== undefined && leaf !== null && !tree.byId.has(leaf);
    const chosenNotHeld = leafNotHeld && complete && hasEarlier;
    // A chosen branch the first screenful does not reach waits for the whole saved chat, then for
    // the earlier pages while they can be read (no flash of another version).
    const reading = rows === undefined || leaf === undefined || (leafNotHeld && (!complete || !pagesRead || (chosenNotHeld && !earlierUnavailable)));
    const shown = reading ? undefined : exact && leaf && tree.byId.has(leaf) ? pathTo(tree, leaf) : shownBranch(tree, leaf);
    return { shown, tree, all: rows, hasEarlier, chosenNotHeld };
  }, [rows, complete, leaf, exact, hasEarlier, pagesRead, earlierUnavailable]);
}
