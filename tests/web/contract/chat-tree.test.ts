import { describe, expect, it } from 'vitest';
import { buildChatTree, leafForVersion, parentHeld, shownBranch, versionsOf } from '../../../src/contract/chat-tree';

/**
 * Messages are stamped by two clocks: one written offline carries the device's time, its reply the
 * server's. A device whose clock runs ahead makes a reply look older than the question it answers.
 */
describe('a chat whose reply looks older than its question (the device clock ahead of the server)', () => {
  const question = { id: 'q', parentId: null, createdAt: '2026-11-28T10:00:05.000Z' };
  const reply = { id: 'r1', parentId: 'q', createdAt: '2026-11-28T10:00:02.000Z' };
  const regenerated = { id: 'r2', parentId: 'q', createdAt: '2026-11-28T10:00:03.000Z' };

  it('builds the tree and shows the question with its newest reply', () => {
    const tree = buildChatTree([reply, question, regenerated]);
    expect(tree.newestBelow.get('q')?.id).toBe('r2');
    expect(shownBranch(tree).map((message) => message.id)).toEqual(['q', 'r2']);
  });

  it('opens an earlier version with its own continuation', () => {
    const tree = buildChatTree([question, reply, regenerated]);
    expect(leafForVersion(tree, 'r1')).toBe('r1');
    expect(shownBranch(tree, 'r1').map((message) => message.id)).toEqual(['q', 'r1']);
  });
});

describe('a message listed twice (a row saved twice while a chat loads)', () => {
  it('builds the tree once, without the copy following itself', () => {
    const question = { id: 'q', parentId: null, createdAt: '2026-11-28T10:00:00.000Z' };
    // Saved before versions existed: it follows the message before it, which is its own copy.
    const reply = { id: 'r', createdAt: '2026-11-28T10:00:01.000Z' };
    const tree = buildChatTree([question, reply, { ...reply }]);
    expect(shownBranch(tree).map((message) => message.id)).toEqual(['q', 'r']);
  });
});

describe('malformed data', () => {
  it('a message naming itself as its parent is shown once, not followed for ever', () => {
    const tree = buildChatTree([{ id: 'a', parentId: 'a', createdAt: '2026-11-28T10:00:00.000Z' }]);
    expect(shownBranch(tree).map((message) => message.id)).toEqual(['a']);
  });
});

/** A device holding a long chat's newest page: the messages before it are not read yet. */
describe('a chat whose oldest messages are not held', () => {
  const at = (second: number) => `2026-11-28T10:00:${String(second).padStart(2, '0')}.000Z`;
  // Held from m5 on; m5 follows m4 (not held). m6 was answered twice (m7, then m8), and the
  // conversation went on after m8. m20 is an edit of m3 (not held), written last.
  const held = [
    { id: 'm5', parentId: 'm4', createdAt: at(5) },
    { id: 'm6', parentId: 'm5', createdAt: at(6) },
    { id: 'm7', parentId: 'm6', createdAt: at(7) },
    { id: 'm8', parentId: 'm6', createdAt: at(8) },
    { id: 'm9', parentId: 'm8', createdAt: at(9) },
  ];

  it('shows the newest branch from its oldest held message, the versions still versions of one another', () => {
    const tree = buildChatTree(held);
    expect(shownBranch(tree).map((message) => message.id)).toEqual(['m5', 'm6', 'm8', 'm9']);
    expect(versionsOf(tree, 'm8')).toMatchObject({ index: 2, count: 2 });
    expect(shownBranch(tree, leafForVersion(tree, 'm7')).map((message) => message.id)).toEqual(['m5', 'm6', 'm7']);
    expect(parentHeld(tree, 'm5')).toBe(false);
    expect(parentHeld(tree, 'm6')).toBe(true);
  });

  it('keeps messages following different unread messages apart (not versions of one another)', () => {
    const tree = buildChatTree([...held, { id: 'm20', parentId: 'm2', createdAt: at(20) }]);
    expect(versionsOf(tree, 'm5')).toMatchObject({ index: 1, count: 1 });
    expect(versionsOf(tree, 'm20')).toMatchObject({ index: 1, count: 1 });
    // The newest message ends the branch shown; the chosen older one keeps its own.
    expect(shownBranch(tree).map((message) => message.id)).toEqual(['m20']);
    expect(shownBranch(tree, 'm9').map((message) => message.id)).toEqual(['m5', 'm6', 'm8', 'm9']);
  });
});
