/** Calls of the chat history (docs/agents.md "History"), through the contract's routes. */
import { callEndpoint } from '../../../api';
import { AGENT_ROUTES } from '../../../contract/agents-routes';
import type { DeletedSession, HistoryPage, HistorySearchResult, HistorySessionDto } from '../../../contract/chat-history';

export const historyApi = {
  list: (offset: number, limit: number, signal?: AbortSignal): Promise<HistoryPage> =>
    callEndpoint(AGENT_ROUTES.history, { query: { offset, limit } }, { signal }),

  search: (query: string, signal?: AbortSignal): Promise<HistorySearchResult> =>
    callEndpoint(AGENT_ROUTES.searchHistory, { query: { query, limit: 30 } }, { signal }),

  change: (sessionId: string, change: { title?: string; pinned?: boolean }): Promise<HistorySessionDto> =>
    callEndpoint(AGENT_ROUTES.changeSession, { params: { id: sessionId }, body: change }),

  remove: (sessionId: string): Promise<DeletedSession> => callEndpoint(AGENT_ROUTES.deleteSession, { params: { id: sessionId } }),

  restore: (sessionId: string): Promise<HistorySessionDto> => callEndpoint(AGENT_ROUTES.restoreSession, { params: { id: sessionId } }),
};
