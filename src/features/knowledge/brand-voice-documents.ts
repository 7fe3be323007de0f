/**
 * A knowledge document as the brand voice: which documents are brand guidelines, and how one's
 * text becomes the brand voice ("Use as brand voice" on its row and in the upload's toast, "Start
 * from a knowledge document" in Workspace Settings). Kept here, in the knowledge base the brand
 * voice draws on, so that Workspace Settings imports the knowledge base and never the other way round.
 */
import { BRAND_VOICE_MAX_CHARS } from '../../contract/agents';
import { knowledgeApi } from './knowledge.api';

/** Why the brand voice cannot be changed by a member (the server's 403 says the same). */
export const ONLY_MANAGERS_EDIT_BRAND_VOICE = 'Only organisation owners and admins can change the brand voice.';

/**
 * The subcategories the knowledge base files a brand's own guidance under
 * (contract/knowledge-categories.ts): "Brand guidelines" and "Brand voice".
 */
export const BRAND_VOICE_SUBCATEGORIES: readonly string[] = ['brand_guidelines', 'brand_voice'];

export function isBrandVoiceDocument(document: { subcategory: string | null }): boolean {
  return document.subcategory !== null && BRAND_VOICE_SUBCATEGORIES.includes(document.subcategory);
}

export interface DocumentDraft {
  text: string;
  filename: string;
  /** The document was longer than a brand voice may be: only its beginning is in the draft. */
  cut: boolean;
}

/** A ready document's text, cut to what a brand voice may hold. */
export async function draftFromDocument(id: string): Promise<DocumentDraft> {
  const document = await knowledgeApi.documentText(id);
  const text = document.text.trim();
  const cut = document.truncated || text.length > BRAND_VOICE_MAX_CHARS;
  return { text: text.slice(0, BRAND_VOICE_MAX_CHARS), filename: document.filename, cut };
}
