/**
 * The newest words of each draft, kept synchronously in this tab's sessionStorage until the
 * IndexedDB write that carries them has landed. A draft reaches the table after a pause in typing,
 * and that write can still be on its way when the page goes (a reload, the browser discarding the
 * tab): the next page would read the draft saved before it, and the last words would be lost.
 * sessionStorage is synchronous, belongs to one tab and survives that tab's reload; readDraft
 * (drafts.ts) takes the newer of a copy and the table's row. The keys start with `ma_`: a sign-out
 * removes them with the session's other keys (src/session/storage.ts).
 */

const COPY_KEY_PREFIX = 'ma_draft_copy:';

export interface DraftCopy {
  spaceId: string;
  text: string;
  /** When the words were typed (Date.now()), comparable with a saved draft's `updatedAt`. */
  updatedAt: number;
}

export const draftCopyKey = (draftKey: string): string => `${COPY_KEY_PREFIX}${draftKey}`;

function remove(storageKey: string): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Storage unavailable: nothing was kept in it either.
  }
}

/** Keeps the draft's newest words (`updatedAt`: when they were typed) until a write carrying them lands. */
export function keepDraftCopy(draftKey: string, copy: DraftCopy): void {
  try {
    sessionStorage.setItem(draftCopyKey(draftKey), JSON.stringify(copy));
  } catch {
    // Storage unavailable or full: the table's draft is all there is, as before. An older copy
    // must not outlive the words that replaced it.
    remove(draftCopyKey(draftKey));
  }
}

export function draftCopyOf(draftKey: string): DraftCopy | null {
  try {
    const raw = sessionStorage.getItem(draftCopyKey(draftKey));
    if (!raw) return null;
    const copy = JSON.parse(raw) as Partial<DraftCopy>;
    if (typeof copy.spaceId !== 'string' || typeof copy.text !== 'string' || typeof copy.updatedAt !== 'number') return null;
    return { spaceId: copy.spaceId, text: copy.text, updatedAt: copy.updatedAt };
  } catch {
    return null;
  }
}

/**
 * A write carrying the words typed at `landedAt` (or later ones) has landed, or the draft is gone
 * (no `landedAt`): the copy goes, unless newer words were typed meanwhile.
 */
export function dropDraftCopy(draftKey: string, landedAt = Number.POSITIVE_INFINITY): void {
  const copy = draftCopyOf(draftKey);
  if (!copy || copy.updatedAt <= landedAt) remove(draftCopyKey(draftKey));
}

/** A space switch wipes the drafts of the space left (wipe.ts); its copies go with them. */
export function dropDraftCopiesOf(spaceId: string): void {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index));
    for (const key of keys) {
      if (!key?.startsWith(COPY_KEY_PREFIX)) continue;
      if (draftCopyOf(key.slice(COPY_KEY_PREFIX.length))?.spaceId === spaceId) remove(key);
    }
  } catch {
    // Storage unavailable: nothing was kept in it either.
  }
}
