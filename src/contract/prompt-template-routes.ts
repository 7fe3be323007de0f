/**
 * The prompt template endpoints' methods and paths (docs/agents.md "Prompt templates"), by the
 * names prompt-template-endpoints.ts declares their schemas under. No schemas here (endpoint.ts).
 */
import type { PromptTemplateDeclarations } from './prompt-template-endpoints';
import { routesFor } from './endpoint';

export const PROMPT_TEMPLATE_ROUTES = routesFor<PromptTemplateDeclarations>()({
  list: ['GET', '/prompt-templates'],
  create: ['POST', '/prompt-templates'],
  update: ['PATCH', '/prompt-templates/:id'],
  remove: ['DELETE', '/prompt-templates/:id'],
});
