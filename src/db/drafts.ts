/** The unsent text of each chat, kept on the device so a reload or going offline loses nothing. */
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

/** Saves a chat's draft; an empty or blank draft removes it. */
export async function saveDraft(sessionId: string, spaceId: string, text: string): Promise<void> {
  if (text.trim() === '') {
    await db.drafts.delete(sessionId);
    return;
  }
  await db.drafts.put({ sessionId, spaceId, text, updatedAt: Date.now() });
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

export async function readDraft(sessionId: string): Promise<string> {
  // Read before the first await: a copy this page leaves while the table is read is the next start's.
  const found = draftLeftFor(sessionId);
  const saved = await db.drafts.get(sessionId);
  if (!found) return saved?.text ?? '';
  const { left, raw } = found;
  // Into the draft table, then out of localStorage: the newer of the two is the draft.
  const newest = saved && saved.updatedAt > left.updatedAt ? saved.text : left.text;
  if (newest === left.text) await saveDraft(sessionId, left.spaceId, left.text);
  forgetDraftLeft(raw);
  return newest;
}

export async function clearDraft(sessionId: string): Promise<void> {
  await db.drafts.delete(sessionId);
  const found = draftLeftFor(sessionId);
  if (found) forgetDraftLeft(found.raw);
}
