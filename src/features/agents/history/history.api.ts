/** Calls of the chat history (docs/agents.md "History"), through the one API client. */
import { http } from '../../../api';
import type { DeletedSession, HistoryPage, HistorySearchResult, HistorySessionDto } from '../../../contract/chat-history';

export const historyApi = {
  list: (offset: number, limit: number, signal?: AbortSignal) => http.get<HistoryPage>('/agents/history', { query: { offset, limit }, signal }),

  search: (query: string, signal?: AbortSignal) => http.get<HistorySearchResult>('/agents/history/search', { query: { query, limit: 30 }, signal }),

  change: (sessionId: string, change: { title?: string; pinned?: boolean }) =>
    http.patch<HistorySessionDto>(`/agents/sessions/${encodeURIComponent(sessionId)}`, change),

  remove: (sessionId: string) => http.delete<DeletedSession>(`/agents/sessions/${encodeURIComponent(sessionId)}`),

  restore: (sessionId: string) => http.post<HistorySessionDto>(`/agents/sessions/${encodeURIComponent(sessionId)}/restore`),
};
