import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Role } from '../../../../src/contract/auth';
import { archivedSpaceSchema, spaceDeletionSchema, spaceSchema } from '../../../../src/contract/spaces';
import { MESSAGES, forbidden } from '../../errors';
import { authOf, currentUserOf } from '../../plugins/auth';
import {
  listArchivedSpaces,
  markSpaceDeleted,
  setSpaceArchived,
  updateSpace,
  type SpaceManager,
} from '../../services/spaces/space-lifecycle.service';
import { enqueueSpaceDeletion } from '../../services/spaces/space-deletion-job';
import { toSpace } from '../../services/spaces.service';
import { bearerSecurity, errorResponses, requiredText } from '../common.schemas';
import type { RouteDeps } from '../deps';

const MANAGERS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];

// Any text: a malformed id is 'Space not found' like an unknown one (the service checks).
const spaceParams = z.object({ id: z.string() });

const spaceName = z
  .string(requiredText('Name'))
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

const updateBody = z
  .object({
    name: spaceName.optional(),
    // Blank descriptions are stored as "no description".
    description: z
      .string({ error: 'Description must be text' })
      .trim()
      .max(500, 'Description must be at most 500 characters')
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null)),
  })
  .refine((body) => body.name !== undefined || body.description !== undefined, { message: 'Send a name, a description or both' });

const deleteBody = z.object({ confirm_name: z.string(requiredText('The space name')) });

function managerOf(request: FastifyRequest): SpaceManager {
  const { userId, role, orgId } = authOf(request);
  if (!orgId) throw forbidden(MESSAGES.onlyManagersChangeSpaces);
  return { userId, role, orgId, email: currentUserOf(request).email, ipAddress: request.ip };
}

/**
 * Rename, describe, archive, restore and delete a space (docs/server.md "Spaces lifecycle"):
 * organisation owners and admins; any other organisation's space, or one being deleted, is 404.
 */
export const spaceLifecycleRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, jobs }) => {
  const onRequest = [app.requireAuth, app.requireRole(MANAGERS, MESSAGES.onlyManagersChangeSpaces)];

  app.get(
    '/spaces/archived',
    {
      onRequest,
      schema: {
        tags: ['spaces'],
        summary: "The organisation's archived spaces, by name (owners and admins)",
        security: bearerSecurity,
        response: { 200: z.array(archivedSpaceSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => listArchivedSpaces(db, managerOf(request).orgId),
  );

  app.patch(
    '/spaces/:id',
    {
      onRequest,
      schema: {
        tags: ['spaces'],
        summary: 'Rename or describe a space (the slug stays)',
        security: bearerSecurity,
        params: spaceParams,
        body: updateBody,
        response: { 200: spaceSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { org_id: _org, ...space } = await updateSpace(db, managerOf(request), request.params.id, request.body);
      return space;
    },
  );

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    app.post(
      `/spaces/:id/${action}`,
      {
        onRequest,
        schema: {
          tags: ['spaces'],
          summary: archived
            ? 'Archive a space: hidden and closed to work until restored, nothing removed (not the default space)'
            : 'Restore an archived space',
          security: bearerSecurity,
          params: spaceParams,
          response: { 200: spaceSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { org_id: _org, ...space } = await setSpaceArchived(db, managerOf(request), request.params.id, archived);
        return space;
      },
    );
  }

  app.post(
    '/spaces/:id/delete',
    {
      onRequest,
      schema: {
        tags: ['spaces'],
        summary: 'Delete a space, confirmed by its name: gone at once, its data removed in the background (not the default space)',
        security: bearerSecurity,
        params: spaceParams,
        body: deleteBody,
        response: { 202: spaceDeletionSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const row = await markSpaceDeleted(db, managerOf(request), request.params.id, request.body.confirm_name);
      // Marked first: should enqueueing fail, the worker's start-up pass finds the space.
      await enqueueSpaceDeletion(jobs, row.id);
      return reply.status(202).send({ id: toSpace(row).id, status: 'deleting' as const });
    },
  );
};
