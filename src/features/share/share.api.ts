/** The public read of a shared chat: no session, no space (paths.ts family /public). */
import { callEndpoint } from '../../api';
import type { SharedChatDto } from '../../contract/chat-shares';
import { PUBLIC_SHARE_ROUTES } from '../../contract/public-share-routes';

export const sharedChatApi = {
  view: (token: string, signal?: AbortSignal): Promise<SharedChatDto> =>
    callEndpoint(PUBLIC_SHARE_ROUTES.view, { params: { token } }, { signal, timeoutMs: 30_000 }),
};
