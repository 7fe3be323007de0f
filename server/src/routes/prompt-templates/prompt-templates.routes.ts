/**
 * Prompt templates (docs/agents.md "Prompt templates"): the organisation's library and each
 * person's own. Organisation-wide, not per space: the same library in every space. Paths and
 * schemas are the contract's (src/contract/prompt-template-endpoints.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROMPT_TEMPLATE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { MESSAGES, notFound } from '../../errors';
import { authOf } from '../../plugins/auth';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate, type TemplateActor } from '../../services/prompt-templates/prompt-templates.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/** Platform admins have no organisation, so no library. */
function actorOf(request: FastifyRequest): TemplateActor {
  const auth = authOf(request);
  if (!auth.orgId) throw notFound(MESSAGES.notFound);
  return { userId: auth.userId, role: auth.role, orgId: auth.orgId };
}

export const promptTemplateRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const signedIn = [app.requireAuth];

  routeFromContract(app, PROMPT_TEMPLATE_ENDPOINTS.list, {
    onRequest: signedIn,
    handler: async (request) => ({ templates: await listTemplates(db, actorOf(request)) }),
  });

  routeFromContract(app, PROMPT_TEMPLATE_ENDPOINTS.create, {
    onRequest: signedIn,
    handler: async (request, reply) => reply.status(201).send(await createTemplate(db, actorOf(request), request.body)),
  });

  routeFromContract(app, PROMPT_TEMPLATE_ENDPOINTS.update, {
    onRequest: signedIn,
    handler: async (request) => updateTemplate(db, actorOf(request), request.params.id, request.body),
  });

  routeFromContract(app, PROMPT_TEMPLATE_ENDPOINTS.remove, {
    onRequest: signedIn,
    handler: async (request, reply) => {
      await deleteTemplate(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
