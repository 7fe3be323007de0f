/**
 * Server → Dexie → UI for prompt templates: the list is fetched when a message box or the
 * management screen opens and saved on the device (per person), so "/" works offline too.
 * Changes need the server; each one saves the answer at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, guardStorageWrite } from '../../../db';
import type { CreateTemplatePayload, PromptTemplateDto, UpdateTemplatePayload } from '../../../contract/prompt-templates';
import { templatesApi } from './templates.api';

/** Replaces the person's saved templates with the server's list. */
async function saveAll(userId: string, templates: PromptTemplateDto[]): Promise<void> {
  await guardStorageWrite(() =>
    db.transaction('rw', db.promptTemplates, async () => {
      await db.promptTemplates.where('userId').equals(userId).delete();
      await db.promptTemplates.bulkPut(templates.map((template) => ({ ...template, userId })));
    }),
  );
}

/** Counts the changes saved on this page, so a list asked for before one is known to be older. */
let changesSaved = 0;

/**
 * Fetches the list; a failure (offline) leaves the saved one and is reported to the caller. A list
 * asked for before a change was saved (a template added while the screen loaded) may not have it:
 * saving it would undo the change on screen, so the list is asked for again.
 */
export async function refreshTemplates(userId: string): Promise<void> {
  const before = changesSaved;
  const templates = await templatesApi.list();
  if (changesSaved !== before) return refreshTemplates(userId);
  await saveAll(userId, templates);
}

export async function createTemplate(userId: string, payload: CreateTemplatePayload): Promise<PromptTemplateDto> {
  const created = await templatesApi.create(payload);
  changesSaved += 1;
  await db.promptTemplates.put({ ...created, userId });
  return created;
}

export async function updateTemplate(userId: string, id: string, payload: UpdateTemplatePayload): Promise<PromptTemplateDto> {
  const updated = await templatesApi.update(id, payload);
  changesSaved += 1;
  await db.promptTemplates.put({ ...updated, userId });
  return updated;
}

export async function deleteTemplate(id: string): Promise<void> {
  await templatesApi.remove(id);
  changesSaved += 1;
  await db.promptTemplates.delete(id);
}

/** The person's templates (organisation's first, then their own, each by title); undefined while reading. */
export function useTemplates(userId: string | null | undefined): PromptTemplateDto[] | undefined {
  return useLiveQuery(async () => {
    if (!userId) return [];
    const rows = await db.promptTemplates.where('userId').equals(userId).toArray();
    return rows
      .map(({ userId: _owner, ...template }) => template)
      .sort((a, b) => (a.scope === b.scope ? a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) : a.scope === 'org' ? -1 : 1));
  }, [userId]);
}
