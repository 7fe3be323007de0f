/** The public read of a shared chat: no session, no space (paths.ts family /public). */
import { http } from '../../api';
import type { SharedChatDto } from '../../contract/chat-shares';

export const sharedChatApi = {
  view: (token: string, signal?: AbortSignal) => http.get<SharedChatDto>(`/public/shares/${encodeURIComponent(token)}`, { signal, timeoutMs: 30_000 }),
};
