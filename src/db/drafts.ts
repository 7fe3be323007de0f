/** The unsent text of each chat, kept on the device so a reload or going offline loses nothing. */
import { db } from './mosaic-db';

/** Saves a chat's draft; an empty or blank draft removes it. */
export async function saveDraft(sessionId: string, spaceId: string, text: string): Promise<void> {
  if (text.trim() === '') {
    await db.drafts.delete(sessionId);
    return;
  }
  await db.drafts.put({ sessionId, spaceId, text, updatedAt: Date.now() });
}

export async function readDraft(sessionId: string): Promise<string> {
  return (await db.drafts.get(sessionId))?.text ?? '';
}

export async function clearDraft(sessionId: string): Promise<void> {
  await db.drafts.delete(sessionId);
}
