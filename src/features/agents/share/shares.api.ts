/** Share link calls (docs/agents.md "Share links"), through the contract's routes. */
import { callEndpoint } from '../../../api';
import { AGENT_ROUTES } from '../../../contract/agents-routes';
import type { CreatedShareLinkDto, ShareLinkDto } from '../../../contract/chat-shares';

export const sharesApi = {
  list: (sessionId: string): Promise<ShareLinkDto[]> => callEndpoint(AGENT_ROUTES.shares, { params: { id: sessionId } }).then((body) => body.links),
  create: (sessionId: string): Promise<CreatedShareLinkDto> => callEndpoint(AGENT_ROUTES.createShare, { params: { id: sessionId } }),
  revoke: (sessionId: string, linkId: string): Promise<void> => callEndpoint(AGENT_ROUTES.revokeShare, { params: { id: sessionId, shareId: linkId } }),
};
