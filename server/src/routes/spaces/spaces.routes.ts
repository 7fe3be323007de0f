import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { spaceSchema } from '../../../../src/contract/spaces';
import { MESSAGES, forbidden } from '../../errors';
import { authOf } from '../../plugins/auth';
import { SPACE_SLUG_PATTERN, createSpaceAudited, spaceLister } from '../../services/spaces.service';
import { bearerSecurity, errorResponses, requiredText } from '../common.schemas';
import type { RouteDeps } from '../deps';

const createSpaceBody = z.object({
  name: z
    .string(requiredText('Name'))
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  slug: z
    .string(requiredText('Slug'))
    .trim()
    .min(1, 'Slug is required')
    .max(64, 'Slug must be at most 64 characters')
    .regex(SPACE_SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and hyphens'),
  // Blank descriptions are stored as "no description".
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(500, 'Description must be at most 500 characters')
    .nullish()
    .transform((value) => value || null),
});

const SPACE_CREATORS = ['org_owner', 'org_admin'] as const;

/** GET and POST /spaces/ (with or without the trailing slash). Not space-scoped: it lists them. */
export const spacesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const listSpaces = spaceLister(db);
  app.get(
    '/spaces/',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['spaces'],
        summary: "Spaces of the caller's organisation, default first, then by name",
        security: bearerSecurity,
        response: { 200: z.array(spaceSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { orgId } = authOf(request);
      // Platform admins belong to no organisation and so have no spaces.
      return orgId ? listSpaces(orgId) : [];
    },
  );

  app.post(
    '/spaces/',
    {
      onRequest: [app.requireAuth, app.requireRole(SPACE_CREATORS, MESSAGES.onlyManagersCreateSpaces)],
      schema: {
        tags: ['spaces'],
        summary: 'Create a space (organisation owners and admins)',
        security: bearerSecurity,
        body: createSpaceBody,
        response: { 201: spaceSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = authOf(request);
      if (!orgId) throw forbidden(MESSAGES.onlyManagersCreateSpaces);
      const space = await createSpaceAudited(db, orgId, request.body, { actor: { userId }, ipAddress: request.ip });
      return reply.status(201).send(space);
    },
  );
};
