/** The document preview's calls (docs/knowledge.md "Preview"). */
import { callEndpoint } from '../../../api';
import type { DocumentTextDto, DownloadLinkDto } from '../../../contract/document-preview';
import { KNOWLEDGE_ROUTES } from '../../../contract/knowledge-routes';

/** The knowledge area's time limit (spec 001 §9: 30 s). */
const TIMEOUT_MS = 30_000;

export const previewApi = {
  text: (documentId: string, around: number, signal?: AbortSignal): Promise<DocumentTextDto> =>
    callEndpoint(KNOWLEDGE_ROUTES.documentText, { params: { id: documentId }, query: { around } }, { signal, timeoutMs: TIMEOUT_MS }),

  downloadLink: (documentId: string): Promise<DownloadLinkDto> =>
    callEndpoint(KNOWLEDGE_ROUTES.downloadLink, { params: { id: documentId } }, { timeoutMs: TIMEOUT_MS }),
};
