import { describe, expect, it } from 'vitest';
import { buildChatTree, leafForVersion, shownBranch } from '../../../src/contract/chat-tree';

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
