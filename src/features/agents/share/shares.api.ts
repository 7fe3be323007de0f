/** Share link calls (docs/agents.md "Share links"). */
import { http } from '../../../api';
import type { CreatedShareLinkDto, ShareLinkDto } from '../../../contract/chat-shares';

const path = (sessionId: string) => `/agents/sessions/${encodeURIComponent(sessionId)}/shares`;

export const sharesApi = {
  list: (sessionId: string) => http.get<{ links: ShareLinkDto[] }>(path(sessionId)).then((body) => body.links),
  create: (sessionId: string) => http.post<CreatedShareLinkDto>(path(sessionId)),
  revoke: (sessionId: string, linkId: string) => http.delete<void>(`${path(sessionId)}/${encodeURIComponent(linkId)}`),
};
