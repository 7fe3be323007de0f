/**
 * A chat's whole-list answer that left the server before the reply was written, and reached the
 * page after the stream delivered that reply (a slow answer on a busy server): the reply stays on
 * the device, and the page is not told the run is still going (which would wait for it again and
 * lock the message box). The same for a message of ours the server accepted meanwhile (the screen
 * opening as the connection returns and the outbox sends what waited), whether it was accepted
 * before the answer arrived or while the answer was being written; and for a chat started while the
 * space's session list was on its way.
 */
import { waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, wipeAll } from '../../../src/db';
import { loadSessionMessages, loadSessions } from '../../../src/features/agents/agents.store';
import { addTemporaryMessage, confirmTemporaryMessage, mergeMessages, noteDelivery, toMessageRow } from '../../../src/features/agents/agents.sync';
import { sendMessage } from '../../../src/features/agents/send/send-message';
import { getCurrentSpace } from '../../../src/features/spaces/spaces.store';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { signInAs, signOut } from '../app/support/render-app';
import { installFakeChat, message } from './fake-agents';

const earlier = '2026-03-01T09:00:00.000Z';
const session = { id: 'sess-1', title: 'Bakery keywords', agent_slug: 'seo', created_at: earlier, updated_at: earlier };
const question = message('m1', 'sess-1', 'user', 'Keywords for cafés?', earlier);
const reply = message('m2', 'sess-1', 'assistant', 'Start with café menus.', '2026-03-01T09:00:05.000Z', 'm1');
const running = { id: 'run-1', status: 'running', error: null, user_message_id: 'm1', reply_message_id: null, mode: 'normal', refunded: false, updated_at: earlier };

let api: FakeApi;
let answer: () => void;

beforeEach(async () => {
  await wipeAll();
  api = installFakeApi();
  const held = new Promise<void>((resolve) => (answer = resolve));
  api.on('GET /agents/sessions/sess-1/messages', async () => {
    await held;
    return { status: 200, body: { session, messages: [question], run: running } };
  });
  await signInAs(api, 'org_owner');
  await waitFor(() => expect(getCurrentSpace()).not.toBeNull());
});
afterEach(() => signOut());

const savedIds = async () => (await db.messages.where('sessionId').equals('sess-1').toArray()).map((row) => row.id).sort();

describe('a late whole-list answer', () => {
  it('adds what it has but takes nothing away that a delivery brought after it was asked for, and reports no run to wait for', async () => {
    const loading = loadSessionMessages('sess-1');
    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/messages')).toHaveLength(1));
    // Meanwhile the stream delivers the finished reply.
    await mergeMessages(getCurrentSpace()!.id, [reply]);
    answer();

    expect(await loading).toBeNull();
    expect(await savedIds()).toEqual(['m1', 'm2']);
  });

  it('an answer with no delivery in between is the list: it replaces what the device held, and its run is reported', async () => {
    await mergeMessages(getCurrentSpace()!.id, [reply]);
    const loading = loadSessionMessages('sess-1');
    answer();

    expect((await loading)?.status).toBe('running');
    expect(await savedIds()).toEqual(['m1']);
  });

  it('keeps a message of ours the server accepted after the list was asked for', async () => {
    const space = getCurrentSpace()!.id;
    await mergeMessages(space, [question, reply]);
    installFakeChat(api, 'seo');
    const loading = loadSessionMessages('sess-1');
    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/messages')).toHaveLength(1));
    // Meanwhile the next question is sent, accepted, and recorded on the device as the server's.
    await sendMessage({ slug: 'seo', sessionId: 'sess-1', text: 'And for Porto?', mode: 'normal', parentId: 'm2' });
    await waitFor(async () => expect((await db.messages.get('msg-user-1'))?.pending).toBe(false));
    answer();

    await loading;
    expect(await savedIds()).toEqual(['m1', 'm2', 'msg-user-1']);
  });

  it('keeps a message of ours the server accepted while the answer was being written, after it arrived', async () => {
    const space = getCurrentSpace()!.id;
    await mergeMessages(space, [question, reply]);
    // The outbox's send under way: its temporary message shows while the post is out.
    await addTemporaryMessage({ ...toMessageRow(space, message('temp-1', 'sess-1', 'user', 'And for Porto?', new Date().toISOString(), 'm2')), pending: true });
    const accepted = toMessageRow(space, message('m3', 'sess-1', 'user', 'And for Porto?', new Date().toISOString(), 'm2'));
    // The post is answered just as the device starts writing the list's answer (its first look at
    // the chat's temporary messages): counted, then recorded in a transaction of its own, as
    // send/deliver.ts and device-records.ts do.
    let armed = false;
    const acceptNow = (row: { id: string }) => {
      if (armed && row.id === 'temp-1') {
        armed = false;
        noteDelivery('sess-1');
        void Dexie.ignoreTransaction(() => confirmTemporaryMessage('temp-1', accepted));
      }
      return row;
    };
    db.messages.hook('reading', acceptNow);
    try {
      const loading = loadSessionMessages('sess-1');
      await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/messages')).toHaveLength(1));
      armed = true;
      answer();
      await loading;
    } finally {
      db.messages.hook('reading').unsubscribe(acceptNow);
    }
    expect(armed).toBe(false);
    await waitFor(async () => expect(await db.messages.get('temp-1')).toBeUndefined());
    expect(await savedIds()).toEqual(['m1', 'm2', 'm3']);
  });

  it('a session list asked for before a chat was started keeps that chat', async () => {
    const space = getCurrentSpace()!.id;
    installFakeChat(api, 'seo', 'sess-new');
    let answerList!: () => void;
    const listHeld = new Promise<void>((resolve) => (answerList = resolve));
    api.on('GET /agents/sessions', async () => {
      await listHeld;
      return { status: 200, body: [session] };
    });
    const loading = loadSessions();
    await waitFor(() => expect(api.callsTo('GET /agents/sessions')).toHaveLength(1));
    // Meanwhile a new chat's first message is sent (the outbox, as the agent's screen opens).
    await sendMessage({ slug: 'seo', sessionId: null, text: 'A landing page for Porto', mode: 'normal' });
    await waitFor(async () => expect(await db.sessions.get('sess-new')).toBeDefined());
    answerList();
    await loading;

    expect((await db.sessions.where('spaceId').equals(space).toArray()).map((row) => row.id).sort()).toEqual(['sess-1', 'sess-new']);
  });

  it('a session list asked for after the chat was started is the list: a chat it does not hold goes', async () => {
    const space = getCurrentSpace()!.id;
    installFakeChat(api, 'seo', 'sess-new');
    await sendMessage({ slug: 'seo', sessionId: null, text: 'A landing page for Porto', mode: 'normal' });
    await waitFor(async () => expect(await db.sessions.get('sess-new')).toBeDefined());
    // Deleted elsewhere since: the list no longer holds it.
    api.on('GET /agents/sessions', () => ({ status: 200, body: [session] }));
    await loadSessions();

    expect((await db.sessions.where('spaceId').equals(space).toArray()).map((row) => row.id)).toEqual(['sess-1']);
  });
});
