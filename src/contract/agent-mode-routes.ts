/**
 * The Agent Mode endpoints' methods and paths (docs/agent-mode.md "Endpoints"), by the names
 * agent-mode-endpoints.ts declares their schemas under. No schemas here (endpoint.ts).
 */
import type { AgentModeDeclarations } from './agent-mode-endpoints';
import { routesFor } from './endpoint';

export const AGENT_MODE_ROUTES = routesFor<AgentModeDeclarations>()({
  list: ['GET', '/agent-mode/runs'],
  create: ['POST', '/agent-mode/runs'],
  get: ['GET', '/agent-mode/runs/:id'],
  stream: ['GET', '/agent-mode/runs/:id/stream'],
  approve: ['POST', '/agent-mode/runs/:id/approve'],
  pause: ['POST', '/agent-mode/runs/:id/pause'],
  resume: ['POST', '/agent-mode/runs/:id/resume'],
  cancel: ['POST', '/agent-mode/runs/:id/cancel'],
  answer: ['POST', '/agent-mode/runs/:id/answer'],
  editStep: ['PATCH', '/agent-mode/runs/:id/steps/:stepId'],
});
