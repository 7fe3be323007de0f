/** The document preview's calls (docs/knowledge.md "Preview"). */
import { http } from '../../../api';
import type { DocumentTextDto, DownloadLinkDto } from '../../../contract/document-preview';

/** The knowledge area's time limit (spec 001 §9: 30 s). */
const TIMEOUT_MS = 30_000;

export const previewApi = {
  text: (documentId: string, around: number, signal?: AbortSignal) =>
    http.get<DocumentTextDto>(`/kb/documents/${encodeURIComponent(documentId)}/text`, { query: { around }, signal, timeoutMs: TIMEOUT_MS }),

  downloadLink: (documentId: string) => http.get<DownloadLinkDto>(`/kb/documents/${encodeURIComponent(documentId)}/download`, { timeoutMs: TIMEOUT_MS }),
};
