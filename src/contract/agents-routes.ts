/**
 * The chat agents endpoints' methods and paths (spec 001 §7; docs/agents.md), by the names
 * agents-endpoints.ts declares their schemas under. No schemas here: the chat screens call
 * through these without loading the schema library (endpoint.ts).
 */
import type { AgentDeclarations } from './agents-endpoints';
import { routesFor } from './endpoint';

export const AGENT_ROUTES = routesFor<AgentDeclarations>()({
  list: ['GET', '/agents'],
  settings: ['GET', '/agents/:slug/settings'],
  saveSettings: ['PUT', '/agents/:slug/settings'],
  documents: ['GET', '/agents/:slug/documents'],
  searchDocuments: ['GET', '/agents/:slug/documents/search'],
  setDocument: ['PUT', '/agents/:slug/documents/:docId'],
  setDocuments: ['PUT', '/agents/:slug/documents'],
  sessions: ['GET', '/agents/sessions'],
  sessionMessages: ['GET', '/agents/sessions/:id/messages'],
  sendAsync: ['POST', '/agents/:slug/messages/async'],
  send: ['POST', '/agents/:slug/messages'],
  poll: ['GET', '/agents/sessions/:id/poll'],
  stream: ['GET', '/agents/sessions/:id/stream'],
  stop: ['POST', '/agents/sessions/:id/stop'],
  cancel: ['POST', '/agents/sessions/:id/cancel'],
  rate: ['POST', '/agents/messages/:id/rating'],
  regenerate: ['POST', '/agents/messages/:id/regenerate'],
  regenerateAsync: ['POST', '/agents/messages/:id/regenerate/async'],
  history: ['GET', '/agents/history'],
  searchHistory: ['GET', '/agents/history/search'],
  changeSession: ['PATCH', '/agents/sessions/:id'],
  deleteSession: ['DELETE', '/agents/sessions/:id'],
  restoreSession: ['POST', '/agents/sessions/:id/restore'],
  shares: ['GET', '/agents/sessions/:id/shares'],
  createShare: ['POST', '/agents/sessions/:id/shares'],
  revokeShare: ['DELETE', '/agents/sessions/:id/shares/:shareId'],
});
