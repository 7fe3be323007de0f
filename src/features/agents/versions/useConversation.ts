/**
 * The conversation on screen: the chat's saved messages (every version) as a tree, and the branch
 * the reader chose (src/contract/chat-tree.ts). A 5,000-message chat builds its tree in a few
 * milliseconds; the first screenful (the latest 40 messages) shows before the rest is read.
 */
import { useMemo } from 'react';
import type { MessageRow } from '../../../db';
import { buildChatTree, pathTo, shownBranch, type ChatTree } from '../../../contract/chat-tree';
import { useSessionMessageSet } from '../agents.queries';
import { useChosenLeaf } from './branch.store';

export interface Conversation {
  /** The branch on screen, first message first; undefined while reading. */
  shown: MessageRow[] | undefined;
  tree: ChatTree<MessageRow>;
  /** Every saved message, every version (exports and the offline badge read them). */
  all: MessageRow[] | undefined;
}

/** `waiting`: a reply is being written (a regeneration's question then shows without its earlier reply). */
export function useConversation(sessionId: string | undefined, waiting = false): Conversation {
  const set = useSessionMessageSet(sessionId);
  const chosen = useChosenLeaf(sessionId);
  const leaf = chosen === undefined ? undefined : (chosen?.leafId ?? null);
  const exact = waiting && chosen?.exact === true;
  // The rows array is the live query's own (the same object until the data changes), so the tree is
  // built once per change, not on every render while a reply streams in.
  const rows = set?.rows;
  const complete = set?.complete ?? false;
  return useMemo(() => {
    const tree = buildChatTree(rows ?? []);
    // A chosen branch the first screenful does not reach waits for the whole chat (no flash of another version).
    const reading = rows === undefined || leaf === undefined || (leaf !== null && !complete && !tree.byId.has(leaf));
    const shown = reading ? undefined : exact && leaf && tree.byId.has(leaf) ? pathTo(tree, leaf) : shownBranch(tree, leaf);
    return { shown, tree, all: rows };
  }, [rows, complete, leaf, exact]);
}
