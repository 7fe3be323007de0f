/** Turns a failed agents call into the spec 001 §8 message a user should see. */
import { ApiError } from '../../../api';
import { AGENT_TEXT } from './messages';

export type AgentCall = 'agents' | 'sessions' | 'messages' | 'send' | 'rating' | 'regenerate';

const FALLBACK: Record<AgentCall, string> = {
  agents: AGENT_TEXT.fetchAgentsFailed,
  sessions: AGENT_TEXT.fetchSessionsFailed,
  messages: AGENT_TEXT.fetchMessagesFailed,
  send: AGENT_TEXT.sendFailed,
  rating: AGENT_TEXT.ratingFailed,
  regenerate: AGENT_TEXT.regenerateFailed,
};

export function agentErrorMessage(error: unknown, call: AgentCall): string {
  if (!(error instanceof ApiError)) return FALLBACK[call];
  const detail = error.serverDetail;
  switch (error.code) {
    case 'CANCELLED':
      return AGENT_TEXT.cancelled;
    case 'TIMEOUT_ERROR':
      return AGENT_TEXT.timeout;
    case 'NETWORK_ERROR':
      return AGENT_TEXT.network;
    case 'SPACE_CONTEXT_REQUIRED':
      return AGENT_TEXT.spacesNotReady;
    default:
      break;
  }
  if (error.status === 403) return call === 'sessions' || call === 'messages' ? AGENT_TEXT.noSessionAccess : AGENT_TEXT.noSpaceAccess;
  if (error.status === 404 && detail === 'Space not found') return AGENT_TEXT.spaceNotFound;
  if (error.status === 404 && detail === 'Agent not found') return AGENT_TEXT.agentUnavailable;
  // The server's 402 details are the spec's plan and credit messages, word for word.
  if (error.status === 402 && detail) return detail;
  if ((error.status === 409 || error.status === 422) && detail) return detail;
  return FALLBACK[call];
}
