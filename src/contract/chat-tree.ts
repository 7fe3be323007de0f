/**
 * A chat as a tree of versions (docs/agents.md "Versions and edits"). Every message names the
 * message it follows (its parent); messages with the same parent are versions of one another (a
 * regenerated reply and the reply it was regenerated from; an edited question and the question it
 * edits). What a chat shows is one branch: the path from its first message to a leaf.
 *
 * Which branch: the one ending at the leaf chosen on the device, else the one ending at the newest
 * message (what was written last is what the reader most likely wants). Choosing another version
 * of a message shows that version with its own continuation: the path to the newest message below
 * it. The server answers spec clients with the newest message's branch, and gives the model the
 * branch of the message it answers; the client shows the branch the reader chose. Both use this file.
 */

/** The parts of a message the tree needs, whatever the side calls them. */
export interface TreeNode {
  id: string;
  /**
   * The message it follows: null for a first message (or a new version of one). Undefined when not
   * known (messages saved before versions existed): such a message follows the one before it.
   */
  parentId?: string | null | undefined;
  /** ISO-8601 UTC, sorts as text. */
  createdAt: string;
}

export interface ChatTree<M extends TreeNode> {
  byId: ReadonlyMap<string, M>;
  /**
   * Children of each message (key null: the first messages), oldest first: version 1 is the first
   * written. A parent the list does not hold keys its children too (see `parentOf`).
   */
  children: ReadonlyMap<string | null, readonly M[]>;
  /**
   * Each message's resolved parent (after the "follows the one before it" rule). It may name a
   * message the list does not hold: a device holding the newest pages of a long chat, or a message
   * whose parent is not synced yet. Such a message starts what can be shown of its branch.
   */
  parentOf: ReadonlyMap<string, string | null>;
  /**
   * The newest leaf in each message's subtree (itself when nothing follows it): where its branch
   * ends now. With one clock this is the subtree's newest message; with two, a leaf still wins.
   */
  newestBelow: ReadonlyMap<string, M>;
  /** The newest leaf of the whole chat: where the branch shown by default ends. */
  newest: M | undefined;
}

const byTime = (a: TreeNode, b: TreeNode) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The newest leaf below each message, children settled before their parent, and the newest leaf of
 * all. Not by walking the messages newest first, nor by taking the newest message: a child is
 * usually written after its parent, but not always by the clocks that stamped them (a message
 * written offline carries the device's time, its reply the server's, and the device's clock can run
 * ahead), and the reply would then be hidden below a question that looks newer than it.
 */
function newestLeaves<M extends TreeNode>(ordered: readonly M[], children: ReadonlyMap<string | null, readonly M[]>, roots: readonly M[]): { below: Map<string, M>; newest: M | undefined } {
  const below = new Map<string, M>();
  const newestOf = (messages: readonly M[]): M | undefined =>
    messages.reduce<M | undefined>((newest, message) => {
      const candidate = below.get(message.id);
      if (candidate === undefined) return newest;
      return newest === undefined || byTime(candidate, newest) > 0 ? candidate : newest;
    }, undefined);
  // Each id is entered once, so malformed data (a message naming itself as its parent) cannot loop.
  const entered = new Set<string>();
  const pending: { message: M; expanded: boolean }[] = roots.map((message) => ({ message, expanded: false }));
  while (pending.length > 0) {
    const top = pending.at(-1)!;
    const followers = children.get(top.message.id) ?? [];
    if (!top.expanded) {
      if (entered.has(top.message.id)) {
        pending.pop();
        continue;
      }
      entered.add(top.message.id);
      top.expanded = true;
      for (const child of followers) pending.push({ message: child, expanded: false });
      continue;
    }
    pending.pop();
    below.set(top.message.id, newestOf(followers) ?? top.message);
  }
  // Only malformed data (parents naming each other in a loop) leaves a message unreached.
  for (const message of ordered) if (!below.has(message.id)) below.set(message.id, message);
  return { below, newest: newestOf(roots) ?? ordered.at(-1) };
}

/** Builds the tree in one pass over the messages (any order); O(n log n) for the sort. */
export function buildChatTree<M extends TreeNode>(messages: readonly M[]): ChatTree<M> {
  // A message listed twice (a row saved twice) counts once: a copy following itself would make a loop.
  const byId = new Map<string, M>();
  for (const message of messages) byId.set(message.id, message);
  const ordered = [...byId.values()].sort(byTime);
  const parentOf = new Map<string, string | null>();
  const children = new Map<string | null, M[]>();
  let previous: M | undefined;
  for (const message of ordered) {
    const parent = message.parentId === undefined ? (previous?.id ?? null) : message.parentId;
    parentOf.set(message.id, parent);
    const siblings = children.get(parent);
    if (siblings) siblings.push(message);
    else children.set(parent, [message]);
    previous = message;
  }
  // Where branches start: the first messages, and those whose parent is not held (older, not read
  // yet; or not synced yet). Versions keep their real parent, so they stay versions of one another.
  const roots = ordered.filter((message) => {
    const parent = parentOf.get(message.id) ?? null;
    return parent === null || !byId.has(parent);
  });
  const leaves = newestLeaves(ordered, children, roots);
  return { byId, children, parentOf, newestBelow: leaves.below, newest: leaves.newest };
}

/** The branch ending at `leafId`, first message first; empty when the chat does not hold it. */
export function pathTo<M extends TreeNode>(tree: ChatTree<M>, leafId: string): M[] {
  const path: M[] = [];
  const seen = new Set<string>();
  let id: string | null | undefined = leafId;
  // A parent named twice on the way up is malformed data (a loop): the path stops there.
  while (id && !seen.has(id)) {
    const message = tree.byId.get(id);
    if (!message) break;
    seen.add(id);
    path.push(message);
    id = tree.parentOf.get(id);
  }
  return path.reverse();
}

/**
 * The branch shown: ending at the chosen leaf when it is still in the chat, else at the newest
 * message. A chosen message that has gained messages below it since (a reply arrived) shows them too.
 */
export function shownBranch<M extends TreeNode>(tree: ChatTree<M>, chosenLeafId?: string | null): M[] {
  const chosen = chosenLeafId ? tree.newestBelow.get(chosenLeafId) : undefined;
  const leaf = chosen ?? tree.newest;
  return leaf ? pathTo(tree, leaf.id) : [];
}

export interface Versions<M extends TreeNode> {
  /** 1-based position among its versions (oldest first). */
  index: number;
  count: number;
  previous: M | null;
  next: M | null;
}

/** Whether the tree holds the message a message follows (false for a first message). */
export function parentHeld<M extends TreeNode>(tree: ChatTree<M>, messageId: string): boolean {
  const parent = tree.parentOf.get(messageId) ?? null;
  return parent !== null && tree.byId.has(parent);
}

/** A message's versions: the messages that share its parent (the held ones, when the parent is not held). */
export function versionsOf<M extends TreeNode>(tree: ChatTree<M>, messageId: string): Versions<M> {
  const siblings = tree.children.get(tree.parentOf.get(messageId) ?? null) ?? [];
  const at = siblings.findIndex((sibling) => sibling.id === messageId);
  return { index: at + 1, count: siblings.length, previous: siblings[at - 1] ?? null, next: siblings[at + 1] ?? null };
}

/** The leaf to choose to show `versionId` (another version of a message) with its own continuation. */
export function leafForVersion<M extends TreeNode>(tree: ChatTree<M>, versionId: string): string {
  return tree.newestBelow.get(versionId)?.id ?? versionId;
}
