/**
 * The key a run's listeners wait on (the chat waker and the stream hub are keyed by text; chat
 * sessions use their id, Agent Mode runs this prefix, so the two never meet).
 */
export const runTopic = (runId: string): string => `agent-mode:${runId}`;
