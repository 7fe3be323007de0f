import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  db,
  draftCopyKey,
  keepDraftCopy,
  markSynced,
  readDraft,
  readLastSynced,
  saveDraft,
  saveSnapshot,
  SPACE_SCOPED_TABLES,
  wipeAll,
  wipeSpace,
} from '../../../src/db';
import { agentModeRows, assetRow, documentRow, messageRow, sessionRow, transactionRow } from './rows';

async function fillSpace(spaceId: string): Promise<void> {
  const session = sessionRow(spaceId);
  await db.documents.bulkPut([documentRow(spaceId), documentRow(spaceId)]);
  await db.sessions.put(session);
  await db.messages.put(messageRow(spaceId, session.id));
  await db.transactions.put(transactionRow(spaceId));
  await db.drafts.put({ sessionId: session.id, spaceId, text: 'half a thought', updatedAt: 1 });
  await db.chatBranches.put({ sessionId: session.id, spaceId, leafId: 'a-message', updatedAt: 1 });
  await db.outbox.put({
    id: `outbox-${spaceId}`,
    spaceId,
    chatKey: session.id,
    sessionId: session.id,
    agentSlug: 'seo',
    text: 'written offline',
    mode: 'normal',
    createdAt: 1,
    state: 'waiting',
    attempted: false,
  });
  await db.documentTexts.put({ documentId: `text-${spaceId}`, spaceId, openedAt: 1, body: { document: { id: 'd', filename: 'a.txt', mime_type: 'text/plain', size_bytes: 1, category: null, subcategory: null, created_at: '', passage_count: 1 }, text: 'x', passages: [{ ordinal: 0, start: 0, end: 1 }], first_ordinal: 0, last_ordinal: 0, complete: true } });
  const asset = assetRow(spaceId);
  await db.assets.put(asset);
  await db.assetCollections.put({ id: `collection-${spaceId}`, spaceId, name: 'Spring launch', assetCount: 1, createdBy: null, createdAt: '2025-01-01T00:00:00.000Z' });
  await db.assetThumbnails.put({ assetId: asset.id, spaceId, version: 'v1', mimeType: 'image/webp', bytes: new Uint8Array([1, 2, 3]).buffer, savedAt: 1 });
  const agentMode = agentModeRows(spaceId);
  await db.agentModeRuns.put(agentMode.run);
  await db.agentModeSteps.put(agentMode.step);
  await markSynced('documents', spaceId);
}

/** Prompt templates are the organisation's and the person's, not a space's: only logout removes them. */
async function saveTemplate(): Promise<void> {
  await db.promptTemplates.put({ id: 't1', userId: 'u1', scope: 'org', title: 'T', body: 'B', agent_slugs: [], variables: [], editable: false, created_at: '', updated_at: '' });
}

async function rowCounts(spaceId: string): Promise<number[]> {
  return Promise.all(SPACE_SCOPED_TABLES.map((name) => db.table(name).where('spaceId').equals(spaceId).count()));
}

beforeEach(async () => {
  await wipeAll();
});

describe('wiping saved data', () => {
  it('wipeSpace removes every row of that space and leaves other spaces alone', async () => {
    await fillSpace('space-a');
    await fillSpace('space-b');
    await markSynced('plans', null);
    await saveTemplate();

    await wipeSpace('space-a');

    // documents, sessions, messages, transactions, meta, drafts, chosen versions, outbox, preview texts, assets, collections, thumbnails, Agent Mode runs and steps
    expect(await rowCounts('space-a')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await rowCounts('space-b')).toEqual([2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(await readLastSynced('plans', null)).not.toBeNull();
    expect(await db.promptTemplates.count()).toBe(1);
  });

  it('wipeAll empties every table', async () => {
    await fillSpace('space-a');
    await fillSpace('space-b');
    await markSynced('plans', null);
    await saveTemplate();

    await wipeAll();

    const counts = await Promise.all(db.tables.map((table) => table.count()));
    expect(counts.every((count) => count === 0)).toBe(true);
    expect(db.tables.map((table) => table.name).sort()).toEqual([...SPACE_SCOPED_TABLES, 'promptTemplates'].sort());
  });
});

describe('indexes the screens query', () => {
  it('lists a space\u2019s documents newest first, and by category', async () => {
    await db.documents.bulkPut([
      documentRow('s1', { id: 'old', createdAt: '2025-01-01T00:00:00.000Z', category: 'brand' }),
      documentRow('s1', { id: 'new', createdAt: '2025-03-01T00:00:00.000Z', category: 'research' }),
      documentRow('s1', { id: 'mid', createdAt: '2025-02-01T00:00:00.000Z', category: 'brand' }),
      documentRow('s2', { id: 'other-space', createdAt: '2025-04-01T00:00:00.000Z', category: 'brand' }),
    ]);

    const newestFirst = await db.documents
      .where('[spaceId+createdAt]')
      .between(['s1', ''], ['s1', '\uffff'])
      .reverse()
      .primaryKeys();
    expect(newestFirst).toEqual(['new', 'mid', 'old']);

    const brand = await db.documents.where('[spaceId+category]').equals(['s1', 'brand']).primaryKeys();
    expect(brand.sort()).toEqual(['mid', 'old']);
  });

  it('lists sessions by last activity and by agent', async () => {
    await db.sessions.bulkPut([
      sessionRow('s1', { id: 'seo-1', agentSlug: 'seo', updatedAt: '2025-01-02T00:00:00.000Z' }),
      sessionRow('s1', { id: 'cmo-1', agentSlug: 'cmo', updatedAt: '2025-01-03T00:00:00.000Z' }),
      sessionRow('s1', { id: 'seo-2', agentSlug: 'seo', updatedAt: '2025-01-01T00:00:00.000Z' }),
      sessionRow('s2', { id: 'seo-other', agentSlug: 'seo' }),
    ]);

    const recent = await db.sessions.where('[spaceId+updatedAt]').between(['s1', ''], ['s1', '\uffff']).reverse().primaryKeys();
    expect(recent).toEqual(['cmo-1', 'seo-1', 'seo-2']);
    const seo = await db.sessions.where('[spaceId+agentSlug]').equals(['s1', 'seo']).primaryKeys();
    expect(seo.sort()).toEqual(['seo-1', 'seo-2']);
  });

  it('reads a session\u2019s messages in order, and a space\u2019s transactions newest first', async () => {
    await db.messages.bulkPut([
      messageRow('s1', 'chat', { id: 'second', createdAt: '2025-01-01T10:00:01.000Z' }),
      messageRow('s1', 'chat', { id: 'first', createdAt: '2025-01-01T10:00:00.000Z' }),
      messageRow('s1', 'other-chat', { id: 'elsewhere', createdAt: '2025-01-01T09:00:00.000Z' }),
    ]);
    const ordered = await db.messages.where('[sessionId+createdAt]').between(['chat', ''], ['chat', '\uffff']).primaryKeys();
    expect(ordered).toEqual(['first', 'second']);

    await db.transactions.bulkPut([
      transactionRow('s1', { id: 't-old', createdAt: '2025-01-01T00:00:00.000Z' }),
      transactionRow('s1', { id: 't-new', createdAt: '2025-02-01T00:00:00.000Z' }),
    ]);
    const latest = await db.transactions.where('[spaceId+createdAt]').between(['s1', ''], ['s1', '\uffff']).reverse().primaryKeys();
    expect(latest).toEqual(['t-new', 't-old']);
  });
});

describe('snapshots and "last synced"', () => {
  it('replaces a space\u2019s saved list with the fetched one and records when', async () => {
    await db.documents.bulkPut([documentRow('s1', { id: 'deleted-elsewhere' }), documentRow('s1', { id: 'kept', filename: 'old.pdf' })]);
    await db.documents.put(documentRow('s2', { id: 'other-space' }));

    await saveSnapshot('documents', { spaceId: 's1' }, [documentRow('s1', { id: 'kept', filename: 'renamed.pdf' }), documentRow('s1', { id: 'added' })], {
      syncName: 'documents',
    });

    expect((await db.documents.where('spaceId').equals('s1').primaryKeys()).sort()).toEqual(['added', 'kept']);
    expect((await db.documents.get('kept'))?.filename).toBe('renamed.pdf');
    expect(await db.documents.get('other-space')).toBeDefined();
    expect(await readLastSynced('documents', 's1')).toEqual(expect.any(Number));
    expect(await readLastSynced('documents', 's2')).toBeNull();
  });

  it('replaces one session\u2019s messages, keeping the ones the caller wants kept', async () => {
    await db.messages.bulkPut([
      messageRow('s1', 'chat', { id: 'temp', pending: true }),
      messageRow('s1', 'chat', { id: 'gone' }),
      messageRow('s1', 'other-chat', { id: 'untouched' }),
    ]);

    await saveSnapshot('messages', { spaceId: 's1', sessionId: 'chat' }, [messageRow('s1', 'chat', { id: 'real' })], {
      keep: (row) => row.pending,
    });

    expect((await db.messages.where('sessionId').equals('chat').primaryKeys()).sort()).toEqual(['real', 'temp']);
    expect(await db.messages.get('untouched')).toBeDefined();
  });

  it('keeps "last synced" per space', async () => {
    await markSynced('sessions', 's1', 1_000);
    await markSynced('sessions', 's2', 2_000);
    expect(await readLastSynced('sessions', 's1')).toBe(1_000);
    expect(await readLastSynced('sessions', 's2')).toBe(2_000);
    expect(await readLastSynced('sessions', null)).toBeNull();
  });
});

describe('chat drafts', () => {
  it('keeps a draft per session and drops a blank one', async () => {
    await saveDraft('chat-1', 's1', 'Write a tagline for');
    await saveDraft('chat-2', 's1', 'Other');
    expect(await readDraft('chat-1')).toBe('Write a tagline for');

    await saveDraft('chat-1', 's1', '   ');
    expect(await readDraft('chat-1')).toBe('');
    expect(await readDraft('chat-2')).toBe('Other');
  });

  it("leaves a tab's unsaved copy of a draft to its own space: a space switch removes it, another space's read ignores it", async () => {
    // A goal draft's key is the same in every space (Agent Mode's box).
    keepDraftCopy('agent-mode-goal', { spaceId: 'space-a', text: 'Plan the spring launch', updatedAt: 1 });
    keepDraftCopy('chat-b', { spaceId: 'space-b', text: 'Tagline ideas', updatedAt: 1 });

    expect(await readDraft('agent-mode-goal', 'space-b')).toBe('');
    await wipeSpace('space-a');
    expect(sessionStorage.getItem(draftCopyKey('agent-mode-goal'))).toBeNull();
    expect(sessionStorage.getItem(draftCopyKey('chat-b'))).not.toBeNull();
    // Read in its own space, the copy becomes the saved draft, and goes once that write has landed.
    expect(await readDraft('chat-b', 'space-b')).toBe('Tagline ideas');
    await waitFor(() => expect(sessionStorage.getItem(draftCopyKey('chat-b'))).toBeNull());
    expect(await db.drafts.get('chat-b')).toMatchObject({ spaceId: 'space-b', text: 'Tagline ideas', updatedAt: 1 });
  });
});
