/**
 * A knowledge document's text as the brand voice draft: the document tagged "Brand voice" when the
 * knowledge base filed it so, or any ready document the person picks.
 */
import { BRAND_VOICE_MAX_CHARS } from '../../contract/agents';
import type { KnowledgeDocument } from '../../contract/knowledge';
import { knowledgeApi } from '../knowledge/knowledge.api';
import { isBrandVoiceDocument } from '../knowledge/brand-voice-documents';

export interface DocumentDraft {
  text: string;
  filename: string;
  /** The document was longer than a brand voice may be: only its beginning is in the draft. */
  cut: boolean;
}

/** Ready documents of the current space, brand voice documents first. */
export async function draftSources(): Promise<KnowledgeDocument[]> {
  const documents = await knowledgeApi.listDocuments();
  const ready = documents.filter((document) => document.status === 'ready');
  return [...ready.filter(isBrandVoiceDocument), ...ready.filter((document) => !isBrandVoiceDocument(document))];
}

export async function draftFromDocument(id: string): Promise<DocumentDraft> {
  const document = await knowledgeApi.documentText(id);
  const text = document.text.trim();
  const cut = document.truncated || text.length > BRAND_VOICE_MAX_CHARS;
  return { text: text.slice(0, BRAND_VOICE_MAX_CHARS), filename: document.filename, cut };
}
