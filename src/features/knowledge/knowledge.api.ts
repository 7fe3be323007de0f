import { callEndpoint, http } from '../../api';
import { endpointPath } from '../../contract/endpoint';
import { knowledgeFetch } from './knowledge-fetch';
import type { CommitPayload, DocumentText, HashCheckResult, KnowledgeContext, KnowledgeDocument, SignedUpload } from '../../contract/knowledge';
import { KNOWLEDGE_ROUTES } from '../../contract/knowledge-routes';

type DocumentListAnswer = { documents: KnowledgeDocument[]; next_cursor?: string | null } | KnowledgeDocument[];
const REPEATED_PAGE_MESSAGE = 'The server answered the same page of documents twice';

/** The knowledge calls of spec 001 §7, each under the knowledge fetch policy (time-out, retries, breaker). */
export const knowledgeApi = {
  /**
   * Every document of the space (of the category), a page at a time: the server answers at most a
   * page a call (docs/scale.md), and the device keeps the whole list for the screen and offline.
   */
  listDocuments: async (category?: string): Promise<KnowledgeDocument[]> => {
    const documents: KnowledgeDocument[] = [];
    let cursor: string | undefined;
    do {
      const after = cursor;
      const body: DocumentListAnswer = await knowledgeFetch((timeoutMs) => callEndpoint(KNOWLEDGE_ROUTES.documents, { query: { category, cursor: after } }, { timeoutMs }));
      // A bare list is taken as well as the declared { documents }: the screen never breaks on either.
      if (Array.isArray(body)) return body;
      documents.push(...body.documents);
      // A server answering the same page again would never end the walk.
      if (body.next_cursor && body.next_cursor === after) throw new Error(REPEATED_PAGE_MESSAGE);
      cursor = body.next_cursor ?? undefined;
    } while (cursor);
    return documents;
  },

  checkHashes: (hashes: string[], spaceId: string): Promise<HashCheckResult> =>
    knowledgeFetch((timeoutMs) => callEndpoint(KNOWLEDGE_ROUTES.checkHashes, { body: { hashes, spaceId } }, { timeoutMs })),

  signUpload: (filename: string, contentType: string, size: number): Promise<SignedUpload> =>
    knowledgeFetch((timeoutMs) => callEndpoint(KNOWLEDGE_ROUTES.signUpload, { query: { filename, content_type: contentType, size } }, { timeoutMs })),

  /** Not retried blindly: a lost answer is recovered by the server's duplicate check (409). */
  commitUpload: (payload: CommitPayload): Promise<{ id: string; document?: KnowledgeDocument }> =>
    knowledgeFetch((timeoutMs) => callEndpoint(KNOWLEDGE_ROUTES.commitUpload, { body: payload }, { timeoutMs }), { retries: 0 }),

  documentStatus: (id: string): Promise<KnowledgeDocument> =>
    knowledgeFetch((timeoutMs) => callEndpoint(KNOWLEDGE_ROUTES.documentStatus, { params: { id } }, { timeoutMs }), { retries: 0 }),

  /**
   * The space's document statuses as they change (status-stream.ts): the body once the headers came.
   * Outside the fetch policy: a stream is not retried or timed out; when it fails the poll takes over.
   */
  documentStream: (signal: AbortSignal) => http.stream(endpointPath(KNOWLEDGE_ROUTES.documentStream), { signal }),

  /** A ready document's text from its beginning (409 until it is ready): the preview's endpoint, first window. */
  documentText: (id: string): Promise<DocumentText> =>
    knowledgeFetch((timeoutMs) => callEndpoint(KNOWLEDGE_ROUTES.documentText, { params: { id } }, { timeoutMs }), { retries: 0 }).then((body) => ({
      id: body.document.id,
      filename: body.document.filename,
      text: body.text,
      truncated: !body.complete,
    })),

  deleteDocument: (id: string) => knowledgeFetch((timeoutMs) => callEndpoint(KNOWLEDGE_ROUTES.deleteDocument, { params: { id } }, { timeoutMs })),

  search: (query: string, k?: number): Promise<KnowledgeContext[]> =>
    knowledgeFetch((timeoutMs) => callEndpoint(KNOWLEDGE_ROUTES.search, { query: { query, k } }, { timeoutMs })).then((body) => body.contexts),
};
