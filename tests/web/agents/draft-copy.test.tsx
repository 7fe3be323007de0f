/**
 * The newest words of the message box survive a reload even when the IndexedDB write that carries
 * them never landed: the box saves its draft after a pause in typing, and a reload right after
 * that save began (or the browser discarding the tab) abandons it, so the next page read the draft
 * saved before (found by tests/e2e/network-conditions.e2e.ts). Until a write lands, the tab keeps
 * a synchronous copy in sessionStorage (src/db/draft-copies.ts); the newer of it and the saved
 * draft is the one restored.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import { db, draftCopyKey, readDraft } from '../../../src/db';
import { getCurrentSpaceId, setAuthStatus } from '../../../src/session';
import { renderApp, signOut } from '../app/support/render-app';
import { message } from './fake-agents';
import { sessionWith, setUpChatScreenTests } from './chat-support';

// As the app starts (src/main.tsx): the logout wipe among the rest.
beforeAll(() => startOfflineLayer());

setUpChatScreenTests({
  role: 'org_member',
  prepare: (api) => sessionWith(api, [message('m1', 'sess-1', 'user', 'Which keywords?', '2026-03-01T09:00:00.000Z')]),
});

const COPY_KEY = draftCopyKey('sess-1');
const OLDER = 'Bakery keywords';
const NEWEST = 'Bakery keywords for the spring menu, and cafés';

const messageBox = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

async function openChat() {
  const opened = renderApp('/agents/seo/chat/sess-1');
  await screen.findByRole('log', { name: 'Conversation' });
  return opened;
}

/**
 * What the page going away does to its IndexedDB work: it never lands. The draft table refuses
 * writes from here until `land()`; `refused` settles once one was refused.
 */
function draftWritesCutOff() {
  let refusedOne: () => void = () => undefined;
  const refused = new Promise<void>((resolve) => (refusedOne = resolve));
  const refuse = () => {
    refusedOne();
    throw new Error('The page went away before this write landed');
  };
  db.drafts.hook('creating', refuse);
  db.drafts.hook('updating', refuse);
  return {
    refused,
    land() {
      db.drafts.hook('creating').unsubscribe(refuse);
      db.drafts.hook('updating').unsubscribe(refuse);
    },
  };
}

let cutOff: ReturnType<typeof draftWritesCutOff> | null = null;
afterEach(() => {
  cutOff?.land();
  cutOff = null;
});

describe('a draft typed just before a reload', () => {
  it('comes back with its newest words when the write carrying them never landed', async () => {
    const first = await openChat();
    fireEvent.change(messageBox(), { target: { value: OLDER } });
    await waitFor(async () => expect((await db.drafts.get('sess-1'))?.text).toBe(OLDER));

    cutOff = draftWritesCutOff();
    fireEvent.change(messageBox(), { target: { value: NEWEST } });
    // The save after the pause in typing has begun (nothing is left waiting for the page's going),
    // and the reload cuts it off.
    await cutOff.refused;
    window.dispatchEvent(new Event('pagehide'));
    first.view.unmount();
    cutOff.land();
    expect((await db.drafts.get('sess-1'))?.text).toBe(OLDER);

    await openChat();
    await waitFor(() => expect(messageBox().value).toBe(NEWEST));
    // Taken into the draft table; the copy goes once that write has landed.
    await waitFor(async () => expect((await db.drafts.get('sess-1'))?.text).toBe(NEWEST));
    await waitFor(() => expect(sessionStorage.getItem(COPY_KEY)).toBeNull());
  });

  it('keeps the words typed while the session\u2019s token is being refreshed', async () => {
    await openChat();
    setAuthStatus('REFRESHING');
    try {
      fireEvent.change(messageBox(), { target: { value: NEWEST } });
      expect(JSON.parse(sessionStorage.getItem(COPY_KEY) ?? '{}')).toMatchObject({ text: NEWEST });
      await waitFor(async () => expect((await db.drafts.get('sess-1'))?.text).toBe(NEWEST));
    } finally {
      setAuthStatus('AUTHENTICATED');
    }
  });

  it('keeps no copy once the words are saved', async () => {
    await openChat();
    fireEvent.change(messageBox(), { target: { value: NEWEST } });
    expect(JSON.parse(sessionStorage.getItem(COPY_KEY) ?? '{}')).toMatchObject({ text: NEWEST });
    await waitFor(async () => expect((await db.drafts.get('sess-1'))?.text).toBe(NEWEST));
    await waitFor(() => expect(sessionStorage.getItem(COPY_KEY)).toBeNull());
  });

  it('loses to a draft saved after it (another tab of the same person)', async () => {
    cutOff = draftWritesCutOff();
    const first = await openChat();
    fireEvent.change(messageBox(), { target: { value: OLDER } });
    first.view.unmount();
    await cutOff.refused;
    cutOff.land();
    const copy = JSON.parse(sessionStorage.getItem(COPY_KEY) ?? '{}') as { updatedAt: number };
    expect(copy).toMatchObject({ text: OLDER });
    await db.drafts.put({ sessionId: 'sess-1', spaceId: getCurrentSpaceId()!, text: NEWEST, updatedAt: copy.updatedAt + 1 });

    await openChat();
    await waitFor(() => expect(messageBox().value).toBe(NEWEST));
    expect(sessionStorage.getItem(COPY_KEY)).toBeNull();
    expect(await readDraft('sess-1')).toBe(NEWEST);
  });

  it('is not kept once the message is sent', async () => {
    const { user } = await openChat();
    cutOff = draftWritesCutOff();
    await user.type(messageBox(), 'Keywords for cafés?');
    expect(sessionStorage.getItem(COPY_KEY)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sessionStorage.getItem(COPY_KEY)).toBeNull());
    expect(await readDraft('sess-1')).toBe('');
  });

  it('leaves the device with the rest of the session at sign-out', async () => {
    await openChat();
    cutOff = draftWritesCutOff();
    fireEvent.change(messageBox(), { target: { value: 'Not for the next person' } });
    expect(sessionStorage.getItem(COPY_KEY)).not.toBeNull();
    await signOut();
    expect(sessionStorage.getItem(COPY_KEY)).toBeNull();
    expect(await db.drafts.count()).toBe(0);
  });

  it('is saved as before when sessionStorage refuses it', async () => {
    const setItem = Storage.prototype.setItem;
    // Full (or unavailable) for the copy alone: the rest of the app's storage works.
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === COPY_KEY) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    await openChat();
    fireEvent.change(messageBox(), { target: { value: NEWEST } });
    expect(sessionStorage.getItem(COPY_KEY)).toBeNull();
    await waitFor(async () => expect((await db.drafts.get('sess-1'))?.text).toBe(NEWEST));
  });
});
