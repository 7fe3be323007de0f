/** Wire shapes of the knowledge-base API (spec 001 §3, §7; docs/knowledge.md). */
export type DocumentStatus = 'uploading' | 'processing' | 'ready' | 'error';

export interface KnowledgeDocument {
  id: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
  status: DocumentStatus;
  created_at: string;
  updated_at?: string;
  error_message: string | null;
  rag_file_id: string | null;
  hash: string | null;
  category: string | null;
  subcategory: string | null;
  auto_categorized: boolean;
  confidence_score: number | null;
  passage_count?: number;
  /** The uploader's user id; members may delete only their own uploads (knowledge.rules.ts). */
  uploaded_by?: string | null;
}

export interface HashCheckResult {
  non_existing_hashes: string[];
  existing?: { hash: string; document_id: string; filename: string }[];
}

export interface SignedUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  object_path: string;
  /** The type the URL is bound to (the server resolves generic types by extension). */
  content_type?: string;
}

export interface CommitPayload {
  object_path: string;
  filename: string;
  size: number;
  mime: string;
  hash: string;
  auto_categorized: boolean;
  category: string | null;
  subcategory: string | null;
}

export interface KnowledgeContext {
  passage: string;
  document_id: string;
  filename: string;
  score: number;
  highlights: string[];
}
