/** A knowledge document as the server lists it (the contract's shape), in the given status, with any field changed. */
import type { KnowledgeDocument } from '../../../src/contract/knowledge';

export const knowledgeDocument = (id: string, status: KnowledgeDocument['status'], overrides: Partial<KnowledgeDocument> = {}): KnowledgeDocument => ({
  id,
  filename: `${id}.pdf`,
  mime_type: 'application/pdf',
  size_bytes: 2048,
  status,
  created_at: '2026-03-04T10:00:00.000Z',
  updated_at: '2026-03-04T10:00:05.000Z',
  error_message: null,
  rag_file_id: status === 'ready' ? `kb:${id}` : null,
  hash: id.padEnd(64, '0'),
  category: null,
  subcategory: null,
  auto_categorized: false,
  confidence_score: null,
  passage_count: status === 'ready' ? 3 : 0,
  uploaded_by: null,
  ...overrides,
});
