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
  /** Versions and edits (docs/agents.md). */
  onlyQuestionsEdited: "Only your messages can be edited; to get another reply, regenerate it instead",
  editWhileAnswering: 'This message is still being answered. Stop the reply (or wait for it) before editing the message.',
  messageOfOtherSession: 'That message belongs to another chat',
  editAndParentTogether: 'Send either parent_message_id or edits_message_id, not both',
  nothingToCancel: 'There is no reply being written in this session',
  onlyManagersConfigure: 'Only organisation owners and admins can change agent settings',
  providerNotConfigured: (provider: string) =>
    `The ${provider} provider is not configured on this server. Set its key in the environment first.`,
  runFailed: (reason: string) => `The agent could not answer: ${reason}`,
  runInterrupted: 'The agent stopped before answering (the server restarted too often). Your credits were refunded.',
  runCancelled: 'Request cancelled',
  runNotStarted: 'The agent did not start on this request. Your credits were refunded; try again.',
  /** Recorded on a run whose reply the user stopped part way (the written part is the reply). */
  replyStopped: 'Stopped by the user',
} as const;
