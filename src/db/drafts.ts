/** The unsent text of each chat, kept on the device so a reload or going offline loses nothing. */
import { draftCopyOf, dropDraftCopy } from './draft-copies';
import { db } from './mosaic-db';

/**
 * The draft of the composer on screen as the page went away (reload, tab closed). IndexedDB work
 * begun then is aborted with the page, so the words typed since the last save were lost; this
 * synchronous copy in localStorage carries them to the next read. An `ma_` key: a sign-out
 * removes it with the session's other keys (src/session/storage.ts).
 */
export const DRAFT_ON_LEAVE_KEY = 'ma_draft_on_leave';

interface DraftOnLeave {
  sessionId: string;
  spaceId: string;
  text: string;
  updatedAt: number;
}

/**
 * Saves a chat's draft; an empty or blank draft removes it. `updatedAt`: when the words were typed.
 * Once the write has landed, the tab's synchronous copy of those words (draft-copies.ts) goes.
 */
export async function saveDraft(sessionId: string, spaceId: string, text: string, updatedAt = Date.now()): Promise<void> {
  if (text.trim() === '') await db.drafts.delete(sessionId);
  else await db.drafts.put({ sessionId, spaceId, text, updatedAt });
  dropDraftCopy(sessionId, updatedAt);
}

/** Keeps a draft synchronously as the page goes away (pagehide); the next readDraft of its chat takes it in. */
export function saveDraftOnLeave(sessionId: string, spaceId: string, text: string): void {
  try {
    const left: DraftOnLeave = { sessionId, spaceId, text, updatedAt: Date.now() };
    localStorage.setItem(DRAFT_ON_LEAVE_KEY, JSON.stringify(left));
  } catch {
    // Storage unavailable or full: the draft saved before the last pause in typing stays.
  }
}

function draftLeftFor(sessionId: string): { left: DraftOnLeave; raw: string } | null {
  try {
    const raw = localStorage.getItem(DRAFT_ON_LEAVE_KEY);
    if (!raw) return null;
    const left = JSON.parse(raw) as Partial<DraftOnLeave>;
    if (left.sessionId !== sessionId || typeof left.text !== 'string' || typeof left.spaceId !== 'string' || typeof left.updatedAt !== 'number') return null;
    return { left: left as DraftOnLeave, raw };
  } catch {
    return null;
  }
}

/** Removes the copy read as `raw`, unless the page has left a newer one since. */
function forgetDraftLeft(raw: string): void {
  try {
    if (localStorage.getItem(DRAFT_ON_LEAVE_KEY) === raw) localStorage.removeItem(DRAFT_ON_LEAVE_KEY);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}

/** The words of a draft and when they were typed, from wherever they were kept. */
interface KeptDraft {
  spaceId: string;
  text: string;
  updatedAt: number;
}

/**
 * The draft of a chat: the newest of the table's row, the copy the page left as it went
 * (localStorage) and this tab's copy of words whose write had not landed (sessionStorage). A copy
 * that wins is written into the table, and both copies then go. `spaceId`: the space on screen;
 * a copy kept in another one is not this draft.
 */
export async function readDraft(sessionId: string, spaceId?: string | null): Promise<string> {
  // Read before the first await: a copy this page leaves while the table is read is the next start's.
  const found = draftLeftFor(sessionId);
  const copy = draftCopyOf(sessionId);
  const saved = await db.drafts.get(sessionId);
  const copies = [found?.left, copy].filter((kept): kept is KeptDraft => !!kept && (spaceId == null || kept.spaceId === spaceId));
  // A copy wins a tie: it holds the words typed last in this page or the one before it.
  const newest = copies.reduce<KeptDraft | undefined>((best, kept) => (best && best.updatedAt > kept.updatedAt ? best : kept), undefined);
  if (newest && (!saved || newest.updatedAt >= saved.updatedAt)) {
    // Into the draft table, then out of storage (saveDraft drops the tab's copy once it lands; a
    // write that fails leaves both for the next read). The words are restored without waiting for it.
    void saveDraft(sessionId, newest.spaceId, newest.text, newest.updatedAt).then(
      () => {
        if (found) forgetDraftLeft(found.raw);
      },
      () => undefined,
    );
    return newest.text;
  }
  if (found) forgetDraftLeft(found.raw);
  if (saved) dropDraftCopy(sessionId, saved.updatedAt);
  return saved?.text ?? '';
}

export async function clearDraft(sessionId: string): Promise<void> {
  await db.drafts.delete(sessionId);
  dropDraftCopy(sessionId);
  const found = draftLeftFor(sessionId);
  if (found) forgetDraftLeft(found.raw);
}
