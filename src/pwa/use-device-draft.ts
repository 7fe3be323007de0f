/**
 * Keeps a text field's unsent words on the device (the drafts table), so a reload, a closed tab or
 * going offline loses nothing: the chat composer and Agent Mode's goal. The field keeps its own
 * state; this hook restores the saved words into it once, saves what is typed (at most every
 * DRAFT_SAVE_DELAY_MS, with a synchronous copy in the meantime: src/db/draft-copies.ts), saves at
 * once as the page goes away, and forgets the draft once it is sent.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { clearDraft, keepDraftCopy, readDraft, saveDraft, saveDraftOnLeave } from '../db';
import { getAuthStatus, getCurrentSpaceId } from '../session';

/** Drafts are written at most this often while typing (IndexedDB writes are not free). */
export const DRAFT_SAVE_DELAY_MS = 400;

interface PendingDraft {
  key: string;
  spaceId: string;
  text: string;
  /** When it was typed: the synchronous copy and the saved row carry the same time. */
  updatedAt: number;
}

/**
 * A draft is kept only while the same person is signed in to its space: once a logout or a space
 * switch has begun, the wipe runs, and a late write would leave the words on the device. A token
 * being refreshed is still that person's session (short-lived tokens are refreshed every few
 * minutes, for seconds on a slow network): words typed then were lost with a reload.
 */
const signedInTo = (spaceId: string) => {
  const status = getAuthStatus();
  return (status === 'AUTHENTICATED' || status === 'REFRESHING') && getCurrentSpaceId() === spaceId;
};

function saveDraftWhileSignedIn(draft: PendingDraft, { leaving = false } = {}): void {
  if (!signedInTo(draft.spaceId)) return;
  // As the page goes away only a synchronous write is sure to land (drafts.ts).
  if (leaving) saveDraftOnLeave(draft.key, draft.spaceId, draft.text);
  // A write that does not land (storage full, the page going away) leaves the tab's synchronous
  // copy of the words (src/db/draft-copies.ts), which the next read takes in.
  saveDraft(draft.key, draft.spaceId, draft.text, draft.updatedAt).catch(() => undefined);
}

export interface DeviceDraft {
  /** Call with every change of the field's text. */
  remember(text: string): void;
  /** The words are being sent: a save still waiting for its timer is dropped (the saved draft stays until `forget`). */
  cancelPending(): void;
  /** The words were sent: the saved draft goes. */
  forget(): Promise<void>;
}

/**
 * `restore` is handed the saved words when there are any (once per `draftKey`); it decides whether
 * they replace what the field holds. No `spaceId` (no space chosen yet): nothing is saved.
 */
export function useDeviceDraft(draftKey: string, spaceId: string | null, restore: (saved: string) => void): DeviceDraft {
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<PendingDraft | null>(null);
  const restoreSaved = useEffectEvent(restore);
  const spaceIdAtRead = useEffectEvent(() => spaceId);

  useEffect(() => {
    let alive = true;
    void readDraft(draftKey, spaceIdAtRead()).then((saved) => {
      if (alive && saved) restoreSaved(saved);
    });
    return () => {
      alive = false;
    };
  }, [draftKey]);

  // Leaving the screen saves a draft still waiting for its timer; so does leaving the page (a
  // reload, the tab closed or put away), which unmounts nothing: the words typed in the last
  // moment before a reload were lost.
  useEffect(() => {
    const saveNow = (leaving: boolean) => {
      clearTimeout(saveTimer.current);
      const waiting = pending.current;
      pending.current = null;
      if (waiting) saveDraftWhileSignedIn(waiting, { leaving });
    };
    const onPageHide = () => saveNow(true);
    const saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') saveNow(true);
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', saveWhenHidden);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', saveWhenHidden);
      saveNow(false);
    };
  }, []);

  const cancelPending = () => {
    clearTimeout(saveTimer.current);
    pending.current = null;
  };

  return {
    remember(text) {
      clearTimeout(saveTimer.current);
      if (!spaceId) return;
      const typed: PendingDraft = { key: draftKey, spaceId, text, updatedAt: Date.now() };
      pending.current = typed;
      // Until the write below lands, a reload must still find these words (draft-copies.ts).
      if (signedInTo(spaceId)) keepDraftCopy(draftKey, { spaceId, text, updatedAt: typed.updatedAt });
      saveTimer.current = setTimeout(() => {
        const waiting = pending.current;
        pending.current = null;
        if (waiting) saveDraftWhileSignedIn(waiting);
      }, DRAFT_SAVE_DELAY_MS);
    },
    cancelPending,
    async forget() {
      cancelPending();
      await clearDraft(draftKey);
    },
  };
}
