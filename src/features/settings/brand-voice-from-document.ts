/**
 * A knowledge document's text as the brand voice draft: the brand guidelines documents first, or
 * any ready document the person picks. The text is read as the knowledge base's "Use as brand
 * voice" reads it (knowledge/brand-voice-documents.ts).
 */
import type { KnowledgeDocument } from '../../contract/knowledge';
import { knowledgeApi } from '../knowledge/knowledge.api';
import { isBrandVoiceDocument } from '../knowledge/brand-voice-documents';

export { draftFromDocument, type DocumentDraft } from '../knowledge/brand-voice-documents';

/** Ready documents of the current space, brand guidelines documents first. */
export async function draftSources(): Promise<KnowledgeDocument[]> {
  const documents = await knowledgeApi.listDocuments();
  const ready = documents.filter((document) => document.status === 'ready');
  return [...ready.filter(isBrandVoiceDocument), ...ready.filter((document) => !isBrandVoiceDocument(document))];
}
