/**
 * Words typed in the chat's message box just before a reload (or the tab closing) are there after
 * it. The box saves its draft after a pause in typing; the page going away skips that timer, and
 * IndexedDB work begun as the page goes is aborted with it, so the last words were lost (found by
 * tests/e2e/network-conditions.e2e.ts, reloading offline). The draft now also goes to localStorage
 * at `pagehide`, synchronously, and comes back from there.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import { db, DRAFT_ON_LEAVE_KEY, readDraft } from '../../../src/db';
import { renderApp, signOut } from '../app/support/render-app';
import { message } from './fake-agents';
import { sessionWith, setUpChatScreenTests } from './chat-support';

// As the app starts (src/main.tsx): the logout wipe among the rest.
beforeAll(() => startOfflineLayer());

setUpChatScreenTests({
  role: 'org_member',
  prepare: (api) => sessionWith(api, [message('m1', 'sess-1', 'user', 'Which keywords?', '2026-03-01T09:00:00.000Z')]),
});

/** Types into the box and leaves the page at once, before the draft's timer. */
async function typeAndLeave(text: string) {
  const first = renderApp('/agents/seo/chat/sess-1');
  await screen.findByRole('log', { name: 'Conversation' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });
  window.dispatchEvent(new Event('pagehide'));
  return first;
}

describe('a draft typed just before the page goes away', () => {
  it('is in the box after the reload, even when the page’s last IndexedDB write was cut off', async () => {
    const first = await typeAndLeave('Typed a moment before the reload');
    first.view.unmount();
    // What a reload does to IndexedDB work begun as the page went: it never lands.
    await waitFor(async () => expect(await db.drafts.count()).toBe(1));
    await db.drafts.clear();
    expect(JSON.parse(localStorage.getItem(DRAFT_ON_LEAVE_KEY) ?? '{}')).toMatchObject({ sessionId: 'sess-1', text: 'Typed a moment before the reload' });

    renderApp('/agents/seo/chat/sess-1');
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('Typed a moment before the reload'));
    // Taken into the draft table, and out of localStorage once that write has landed.
    await waitFor(() => expect(localStorage.getItem(DRAFT_ON_LEAVE_KEY)).toBeNull());
    expect(await readDraft('sess-1')).toBe('Typed a moment before the reload');
  });

  it('leaves the device with the rest of the session at sign-out', async () => {
    await typeAndLeave('Not for the next person');
    expect(localStorage.getItem(DRAFT_ON_LEAVE_KEY)).not.toBeNull();
    await signOut();
    expect(localStorage.getItem(DRAFT_ON_LEAVE_KEY)).toBeNull();
    expect(await db.drafts.count()).toBe(0);
  });
});
