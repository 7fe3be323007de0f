import { http } from '../../api';
import { knowledgeFetch } from './knowledge-fetch';
import type { DocumentTextDto } from '../../contract/document-preview';
import type { CommitPayload, DocumentText, HashCheckResult, KnowledgeContext, KnowledgeDocument, SignedUpload } from '../../contract/knowledge';

/** The knowledge calls of spec 001 §7, each under the knowledge fetch policy (time-out, retries, breaker). */
export const knowledgeApi = {
  listDocuments: (category?: string) =>
    knowledgeFetch((timeoutMs) =>
      http.get<{ documents: KnowledgeDocument[] } | KnowledgeDocument[]>('/kb/documents', { query: { category }, timeoutMs }),
    ).then((body) => (Array.isArray(body) ? body : body.documents)),

  checkHashes: (hashes: string[], spaceId: string) =>
    knowledgeFetch((timeoutMs) => http.post<HashCheckResult>('/kb/hashes/check', { hashes, spaceId }, { timeoutMs })),

  signUpload: (filename: string, contentType: string, size: number) =>
    knowledgeFetch((timeoutMs) =>
      http.post<SignedUpload>('/kb/uploads/sign', {}, { query: { filename, content_type: contentType, size }, timeoutMs }),
    ),

  /** Not retried blindly: a lost answer is recovered by the server's duplicate check (409). */
  commitUpload: (payload: CommitPayload) =>
    knowledgeFetch((timeoutMs) => http.post<{ id: string; document?: KnowledgeDocument }>('/kb/uploads/commit', payload, { timeoutMs }), { retries: 0 }),

  documentStatus: (id: string) =>
    knowledgeFetch((timeoutMs) => http.get<KnowledgeDocument>(`/kb/documents/${encodeURIComponent(id)}/status`, { timeoutMs }), { retries: 0 }),

  /** A ready document's text from its beginning (409 until it is ready): the preview's endpoint, first window. */
  documentText: (id: string): Promise<DocumentText> =>
    knowledgeFetch((timeoutMs) => http.get<DocumentTextDto>(`/kb/documents/${encodeURIComponent(id)}/text`, { timeoutMs }), { retries: 0 }).then((body) => ({
      id: body.document.id,
      filename: body.document.filename,
      text: body.text,
      truncated: !body.complete,
    })),

  deleteDocument: (id: string) => knowledgeFetch((timeoutMs) => http.delete<void>(`/kb/documents/${encodeURIComponent(id)}`, { timeoutMs })),

  search: (query: string, k?: number) =>
    knowledgeFetch((timeoutMs) => http.get<{ contexts: KnowledgeContext[] }>('/kb/search', { query: { query, k }, timeoutMs })).then(
      (body) => body.contexts,
    ),
};
