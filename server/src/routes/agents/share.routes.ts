/** Share links of a chat (docs/agents.md "Share links"): list, create, revoke. The public view is routes/public. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdShareLinkSchema, shareLinkListSchema } from '../../../../src/contract/chat-shares';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { createShareLink, listShareLinks, revokeShareLink, type ShareActor } from '../../services/agents/share-links.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { idParams } from './agents.schemas';

function actorOf(request: FastifyRequest): ShareActor {
  const auth = authOf(request);
  return { userId: auth.userId, role: auth.role, orgId: spaceOf(request).org_id, ipAddress: request.ip };
}

export const shareRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  const tags = ['agents'];

  app.get(
    '/agents/sessions/:id/shares',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: "The chat's active read-only share links (their tokens are never shown again)",
        security: bearerSecurity,
        params: idParams,
        response: { 200: shareLinkListSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => ({ links: await listShareLinks(db, spaceOf(request).id, request.params.id) }),
  );

  app.post(
    '/agents/sessions/:id/shares',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'A new read-only link to the chat as it is now (the chat’s starter, owners and admins)',
        security: bearerSecurity,
        params: idParams,
        response: { 201: createdShareLinkSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createShareLink(db, actorOf(request), spaceOf(request).id, request.params.id)),
  );

  app.delete(
    '/agents/sessions/:id/shares/:shareId',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Revokes a share link: it answers 404 from now on',
        security: bearerSecurity,
        params: idParams.extend({ shareId: z.uuid({ error: 'Must be an id' }) }),
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await revokeShareLink(db, actorOf(request), spaceOf(request).id, request.params.id, request.params.shareId);
      return reply.status(204).send(null);
    },
  );
};
