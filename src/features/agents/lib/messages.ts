/** Agent texts of spec 001 §8, word for word. */
export const AGENT_TEXT = {
  fetchAgentsFailed: 'Failed to fetch agents',
  fetchSessionsFailed: 'Failed to fetch chat sessions',
  fetchMessagesFailed: 'Failed to fetch messages',
  sendFailed: 'Failed to send message',
  ratingFailed: 'Failed to submit rating',
  regenerateFailed: 'Failed to regenerate message',
  cancelled: 'Request cancelled',
  planExpired: (type: string) => `Your ${type} plan has expired. Please upgrade your plan to continue using AI agents.`,
  insufficientCredits: (required: number, remaining: number) =>
    `Insufficient credits. This operation requires ${required} credits, but you only have ${remaining} remaining.`,
  spaceLoading: 'Space context is still loading. Please wait a moment and try again.',
  spacesNotReady: 'Please wait for spaces to load before sending messages',
  spaceNotFound: 'Current space not found. Please refresh the page or contact support.',
  noSessionAccess: "You don't have access to these chat sessions. Contact your administrator.",
  noSpaceAccess: "You don't have access to this space. Contact your administrator.",
  agentUnavailable: 'This agent is not available in your current space.',
  timeout: 'Request timed out. The server may be busy - please try again.',
  network: 'Network error. Please check your connection and try again.',
  pollTimeout: (minutes: number) => `Request timed out after ${minutes} minutes`,
  agentPollTimeout: (agent: string, minutes: number) =>
    `${agent} timed out after ${minutes} minutes. The request may still be processing.`,
} as const;

/** Spec 001 §8: after 'Space context is still loading', the send is retried after 2 s. */
export const SPACE_RETRY_DELAY_MS = 2_000;
