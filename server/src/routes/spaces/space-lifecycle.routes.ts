import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../../../src/contract/auth';
import { SPACE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
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
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

const MANAGERS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];

function managerOf(request: FastifyRequest): SpaceManager {
  const { userId, role, orgId } = authOf(request);
  if (!orgId) throw forbidden(MESSAGES.onlyManagersChangeSpaces);
  return { userId, role, orgId, email: currentUserOf(request).email, ipAddress: request.ip };
}

/**
 * Rename, describe, archive, restore and delete a space (docs/server.md "Spaces lifecycle"):
 * organisation owners and admins; any other organisation's space, or one being deleted, is 404.
 * Paths and schemas are the contract's (src/contract/spaces-endpoints.ts).
 */
export const spaceLifecycleRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, jobs }) => {
  const onRequest = [app.requireAuth, app.requireRole(MANAGERS, MESSAGES.onlyManagersChangeSpaces)];

  routeFromContract(app, SPACE_ENDPOINTS.archived, {
    onRequest,
    handler: async (request) => listArchivedSpaces(db, managerOf(request).orgId, request.query),
  });

  routeFromContract(app, SPACE_ENDPOINTS.update, {
    onRequest,
    handler: async (request) => {
      const { org_id: _org, ...space } = await updateSpace(db, managerOf(request), request.params.id, request.body);
      return space;
    },
  });

  /** Archive and restore differ only in the state they set. */
  const setArchived = async (request: FastifyRequest, id: string, archived: boolean) => {
    const { org_id: _org, ...space } = await setSpaceArchived(db, managerOf(request), id, archived);
    return space;
  };
  routeFromContract(app, SPACE_ENDPOINTS.archive, { onRequest, handler: async (request) => setArchived(request, request.params.id, true) });
  routeFromContract(app, SPACE_ENDPOINTS.restore, { onRequest, handler: async (request) => setArchived(request, request.params.id, false) });

  routeFromContract(app, SPACE_ENDPOINTS.remove, {
    onRequest,
    handler: async (request, reply) => {
      const row = await markSpaceDeleted(db, managerOf(request), request.params.id, request.body.confirm_name);
      // Marked first: should enqueueing fail, the worker's start-up pass finds the space.
      await enqueueSpaceDeletion(jobs, row.id);
      return reply.status(202).send({ id: toSpace(row).id, status: 'deleting' as const });
    },
  });
};
