/**
 * The prompt template endpoints (docs/agents.md "Prompt templates"): the organisation's library and
 * each person's own, the same in every space. Methods and paths are in prompt-template-routes.ts.
 */
import { z } from 'zod';
import type { EndpointDeclaration } from './endpoint';
import { createTemplateSchema, promptTemplateListSchema, promptTemplateSchema, updateTemplateSchema } from './prompt-templates';

// Listed with the agents: templates are offered in an agent's message box.
const common = { tags: ['agents'], auth: 'bearer' } as const;
const templateParams = z.object({ id: z.uuid({ error: 'Must be an id' }) });

export const PROMPT_TEMPLATE_DECLARATIONS = {
  list: {
    ...common,
    summary: "The organisation's templates and the caller's own, each with its variables and whether the caller may change it",
    answers: { 200: promptTemplateListSchema },
    errors: [401, 404],
  },
  create: {
    ...common,
    summary: "A new template: the organisation's (owners and admins) or the caller's own (anyone)",
    body: createTemplateSchema,
    answers: { 201: promptTemplateSchema },
    errors: [400, 401, 403, 404, 422],
  },
  update: {
    ...common,
    summary: 'Changes a template (title, prompt, agents)',
    params: templateParams,
    body: updateTemplateSchema,
    answers: { 200: promptTemplateSchema },
    errors: [400, 401, 403, 404, 422],
  },
  remove: {
    ...common,
    summary: 'Deletes a template',
    params: templateParams,
    answers: { 204: z.null().describe('Deleted') },
    errors: [400, 401, 403, 404, 422],
  },
} satisfies Record<string, EndpointDeclaration>;

export type PromptTemplateDeclarations = typeof PROMPT_TEMPLATE_DECLARATIONS;
