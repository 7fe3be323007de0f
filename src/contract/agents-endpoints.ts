/**
 * The chat agents endpoints (spec 001 §3, §7; docs/agents.md): the agent catalogue and each agent's
 * settings and document access, chat sessions and their messages, sending (in the background or
 * waiting for the reply), following a reply (the long poll, or server-sent events) and stopping or
 * cancelling it, rating and regenerating replies, the space's chat history, and share links. All
 * space-scoped; changing an agent's settings or documents is for organisation owners and admins.
 * Methods and paths are in agents-routes.ts; the shapes in agents.ts, agents-schemas.ts,
 * chat-history-schemas.ts and chat-shares.ts.
 */
import { z } from 'zod';
import {
  acceptedSchema,
  agentSchema,
  chatMessageSchema,
  chatSessionSchema,
  pollSchema,
  regeneratedSchema,
  regenerationAcceptedSchema,
  runSchema,
  sessionWithMessagesSchema,
  stopResultSchema,
  streamQuerySchema,
} from './agents';
import {
  agentDocumentPageSchema,
  agentDocumentSchema,
  agentSettingsPatchSchema,
  agentSettingsViewSchema,
  answeredMessageSchema,
  documentAccessBody,
  documentParams,
  documentSearchQuery,
  documentsAccessBody,
  documentsAccessChangedSchema,
  documentsQuery,
  idParams,
  messagesQuery,
  pollQuery,
  ratingBody,
  sendMessageBody,
  sessionsQuery,
  shareParams,
  slugParams,
} from './agents-schemas';
import {
  deletedSessionSchema,
  historyPageSchema,
  historyQuerySchema,
  historySearchQuerySchema,
  historySearchSchema,
  historySessionSchema,
  sessionChangeSchema,
} from './chat-history-schemas';
import { createdShareLinkSchema, shareLinkListSchema } from './chat-shares';
import type { EndpointDeclaration } from './endpoint';

const common = { tags: ['agents'], auth: 'bearer' } as const;

export const AGENT_DECLARATIONS = {
  // --- The catalogue and each agent's configuration.
  list: {
    ...common,
    summary: 'The agents, with the engine each uses in this space',
    answers: { 200: z.array(agentSchema) },
    errors: [400, 401, 404],
  },
  settings: {
    ...common,
    summary: "An agent's settings in this space",
    params: slugParams,
    answers: { 200: agentSettingsViewSchema },
    errors: [400, 401, 404],
  },
  saveSettings: {
    ...common,
    summary: "Changes an agent's settings (owners and admins); send only the fields to change",
    params: slugParams,
    body: agentSettingsPatchSchema,
    answers: { 200: agentSettingsViewSchema },
    errors: [400, 401, 403, 404, 422],
  },
  documents: {
    ...common,
    summary: 'Knowledge documents and whether this agent may use each, by name: a page (`limit`, `cursor`), and the cursor of the next',
    params: slugParams,
    query: documentsQuery,
    answers: { 200: agentDocumentPageSchema },
    errors: [400, 401, 404, 422],
  },
  searchDocuments: {
    ...common,
    summary: 'Documents whose name or category matches (limit default 10)',
    params: slugParams,
    query: documentSearchQuery,
    answers: { 200: z.array(agentDocumentSchema) },
    errors: [400, 401, 404, 422],
  },
  setDocument: {
    ...common,
    summary: 'Allows or forbids one document for this agent',
    params: documentParams,
    body: documentAccessBody,
    answers: { 200: agentDocumentSchema },
    errors: [400, 401, 403, 404, 422],
  },
  setDocuments: {
    ...common,
    summary: 'Allows or forbids several documents at once',
    params: slugParams,
    body: documentsAccessBody,
    answers: { 200: documentsAccessChangedSchema },
    errors: [400, 401, 403, 404, 422],
  },

  // --- Chats: sessions, messages, sending and following a reply.
  sessions: {
    ...common,
    summary: 'Chat sessions of the space, most recently active first',
    query: sessionsQuery,
    answers: { 200: z.array(chatSessionSchema) },
    errors: [400, 401, 404, 422],
  },
  sessionMessages: {
    ...common,
    summary: 'A session with its messages, oldest first (the newest branch, or every version with ?versions=all), and its latest run',
    params: idParams,
    query: messagesQuery,
    answers: { 200: sessionWithMessagesSchema },
    errors: [400, 401, 404, 422],
  },
  sendAsync: {
    ...common,
    summary:
      'Sends a message; the reply is written in the background (poll for it). An Idempotency-Key makes a repeated send answer with the first, charging once',
    params: slugParams,
    body: sendMessageBody,
    answers: { 202: acceptedSchema },
    errors: [400, 401, 402, 404, 409, 422],
  },
  send: {
    ...common,
    summary: 'Sends a message and waits for the reply (synchronous variant)',
    params: slugParams,
    body: sendMessageBody,
    answers: { 200: answeredMessageSchema },
    errors: [400, 401, 402, 404, 409, 422, 502],
  },
  poll: {
    ...common,
    summary: 'Long poll: holds until a message newer than `since` arrives, the run ends, or ~25 s pass',
    params: idParams,
    query: pollQuery,
    answers: { 200: pollSchema },
    errors: [400, 401, 404, 422],
  },
  stream: {
    ...common,
    summary:
      "Server-sent events of the reply being written: `delta` {run_id, text} as it comes, then one `done` {run, message}. With `send` (a send's Idempotency-Key) it may be opened with that send and follows its run",
    params: idParams,
    query: streamQuerySchema,
    // Its events are streamDeltaSchema and streamDoneSchema (agents.ts); a stream is never serialised,
    // so the answer is declared as the event stream it is rather than checked against a JSON schema.
    answers: { 200: z.unknown().describe('Server-sent events: `delta` events as the reply is written, then one `done` event') },
    answerTypes: { 200: 'text/event-stream' },
    errors: [400, 401, 404, 422],
  },
  stop: {
    ...common,
    summary: 'Stops the reply being written: what was written is kept as the reply, the unused credits are refunded',
    params: idParams,
    answers: { 200: stopResultSchema },
    errors: [400, 401, 404, 409, 422],
  },
  cancel: {
    ...common,
    summary: 'Cancels the reply being written in a session and refunds its credits',
    params: idParams,
    answers: { 200: runSchema },
    errors: [400, 401, 404, 409, 422],
  },

  // --- Replies: rating and new versions.
  rate: {
    ...common,
    summary: 'Rates a reply: 1 helpful, -1 not helpful, with categories and text',
    params: idParams,
    body: ratingBody,
    answers: { 200: chatMessageSchema },
    errors: [400, 401, 404, 422],
  },
  regenerate: {
    ...common,
    summary:
      'Writes a new version of this reply and answers when it is written (charged like a message in the same mode); the earlier versions stay',
    params: idParams,
    answers: { 200: regeneratedSchema },
    errors: [400, 401, 402, 404, 409, 422, 502],
  },
  regenerateAsync: {
    ...common,
    summary: 'Queues a new version of this reply; follow it like a send (GET …/stream, else the long poll)',
    params: idParams,
    answers: { 202: regenerationAcceptedSchema },
    errors: [400, 401, 402, 404, 409, 422],
  },

  // --- The space's chat history (docs/agents.md "History").
  history: {
    ...common,
    summary: 'Every chat of the space across agents: pinned first, then most recently active',
    query: historyQuerySchema,
    answers: { 200: historyPageSchema },
    errors: [400, 401, 404, 422],
  },
  searchHistory: {
    ...common,
    summary: 'Full-text search of chat titles and messages in the space',
    query: historySearchQuerySchema,
    answers: { 200: historySearchSchema },
    errors: [400, 401, 404, 422],
  },
  changeSession: {
    ...common,
    summary: 'Renames a chat (its starter, owners and admins) or pins it (anyone in the space)',
    params: idParams,
    body: sessionChangeSchema,
    answers: { 200: historySessionSchema },
    errors: [400, 401, 403, 404, 422],
  },
  deleteSession: {
    ...common,
    summary: 'Deletes a chat; it can be restored during the undo window',
    params: idParams,
    answers: { 200: deletedSessionSchema },
    errors: [400, 401, 403, 404, 409, 422],
  },
  restoreSession: {
    ...common,
    summary: 'Restores a chat deleted within the undo window',
    params: idParams,
    answers: { 200: historySessionSchema },
    errors: [400, 401, 403, 404, 410, 422],
  },

  // --- Share links (docs/agents.md "Share links"; the public view is not an agents endpoint).
  shares: {
    ...common,
    summary: "The chat's active read-only share links (their tokens are never shown again)",
    params: idParams,
    answers: { 200: shareLinkListSchema },
    errors: [400, 401, 404, 422],
  },
  createShare: {
    ...common,
    summary: 'A new read-only link to the chat as it is now (the chat’s starter, owners and admins)',
    params: idParams,
    answers: { 201: createdShareLinkSchema },
    errors: [400, 401, 403, 404, 409, 422],
  },
  revokeShare: {
    ...common,
    summary: 'Revokes a share link: it answers 404 from now on',
    params: shareParams,
    answers: { 204: z.null().describe('Revoked') },
    errors: [400, 401, 403, 404, 422],
  },
} satisfies Record<string, EndpointDeclaration>;

export type AgentDeclarations = typeof AGENT_DECLARATIONS;
