/**
 * Prompt templates (docs/agents.md "Prompt templates"): the organisation's library and each
 * person's own. Organisation-wide, not per space: the same library in every space.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTemplateSchema, promptTemplateListSchema, promptTemplateSchema, updateTemplateSchema } from '../../../../src/contract/prompt-templates';
import { MESSAGES, notFound } from '../../errors';
import { authOf } from '../../plugins/auth';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate, type TemplateActor } from '../../services/prompt-templates/prompt-templates.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

/** Platform admins have no organisation, so no library. */
function actorOf(request: FastifyRequest): TemplateActor {
  const auth = authOf(request);
  if (!auth.orgId) throw notFound(MESSAGES.notFound);
  return { userId: auth.userId, role: auth.role, orgId: auth.orgId };
}

const params = z.object({ id: z.uuid({ error: 'Must be an id' }) });

export const promptTemplateRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const tags = ['agents'];
  const signedIn = [app.requireAuth];

  app.get(
    '/prompt-templates',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "The organisation's templates and the caller's own, each with its variables and whether the caller may change it",
        security: bearerSecurity,
        response: { 200: promptTemplateListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ templates: await listTemplates(db, actorOf(request)) }),
  );

  app.post(
    '/prompt-templates',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "A new template: the organisation's (owners and admins) or the caller's own (anyone)",
        security: bearerSecurity,
        body: createTemplateSchema,
        response: { 201: promptTemplateSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createTemplate(db, actorOf(request), request.body)),
  );

  app.patch(
    '/prompt-templates/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Changes a template (title, prompt, agents)',
        security: bearerSecurity,
        params,
        body: updateTemplateSchema,
        response: { 200: promptTemplateSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => updateTemplate(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/prompt-templates/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Deletes a template',
        security: bearerSecurity,
        params,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await deleteTemplate(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
