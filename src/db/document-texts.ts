/**
 * The document preview's saved texts (docs/knowledge.md "Preview"): each text opened online is
 * kept, so it opens offline later. Bounded per space: the texts opened most recently, at most
 * MAX_TEXTS of them and MAX_CHARACTERS together (a preview answers at most ~250,000 characters).
 */
import { db, type DocumentTextRow } from './mosaic-db';
import { guardStorageWrite } from './quota';

export const MAX_SAVED_TEXTS = 30;
export const MAX_SAVED_CHARACTERS = 3_000_000;

export async function saveDocumentText(row: DocumentTextRow): Promise<void> {
  await guardStorageWrite(() =>
    db.transaction('rw', db.documentTexts, async () => {
      await db.documentTexts.put(row);
      // Newest first; everything past either bound goes.
      const saved = await db.documentTexts.where('[spaceId+openedAt]').between([row.spaceId, -Infinity], [row.spaceId, Infinity]).reverse().toArray();
      let characters = 0;
      const drop = saved.filter((entry, index) => {
        characters += entry.body.text.length;
        return entry.documentId !== row.documentId && (index >= MAX_SAVED_TEXTS || characters > MAX_SAVED_CHARACTERS);
      });
      await db.documentTexts.bulkDelete(drop.map((entry) => entry.documentId));
    }),
  );
}

export async function forgetDocumentText(documentId: string): Promise<void> {
  await db.documentTexts.delete(documentId);
}
