/** A knowledge document as the server lists it, in the given status (the poll and stream tests' material). */
import type { KnowledgeDocument } from '../../../src/contract/knowledge';

export const knowledgeDocument = (id: string, status: KnowledgeDocument['status']): KnowledgeDocument => ({
  id,
  filename: `${id}.pdf`,
  mime_type: 'application/pdf',
  size_bytes: 10,
  status,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  error_message: null,
  rag_file_id: null,
  hash: id.padEnd(64, '0'),
  category: null,
  subcategory: null,
  auto_categorized: false,
  confidence_score: null,
  passage_count: 0,
  uploaded_by: null,
});
