/** Texts the agents API answers with (word for word where spec 001 §8 / spec 000 §8 quote them). */
export const AGENT_MESSAGES = {
  /** Spec 000 §8: the client maps this detail to 'Agent not available in your current space'. */
  agentNotFound: 'Agent not found',
  sessionNotFound: 'Chat session not found',
  sessionOfOtherAgent: 'This chat session belongs to another agent',
  messageNotFound: 'Message not found',
  sessionBusy: 'The agent is still answering in this session. Wait for the reply or cancel it.',
  onlyRepliesRated: 'Only replies from an agent can be rated',
  onlyRepliesRegenerated: 'Only replies from an agent can be regenerated',
  nothingToCancel: 'There is no reply being written in this session',
  onlyManagersConfigure: 'Only organisation owners and admins can change agent settings',
  providerNotConfigured: (provider: string) =>
    `The ${provider} provider is not configured on this server. Set its key in the environment first.`,
  runFailed: (reason: string) => `The agent could not answer: ${reason}`,
  runInterrupted: 'The agent stopped before answering (the server restarted too often). Your credits were refunded.',
  runCancelled: 'Request cancelled',
} as const;
