import { isUuid } from '../db/ids';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { isAdminRole } from '../../../src/contract/auth';
import type { Db } from '../db/database';
import { MESSAGES, badRequest, notFound } from '../errors';
import { findSpaceInOrg, type SpaceContext } from '../services/spaces.service';
import { authOf } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook for space-scoped routes (after requireAuth): reads X-Space-Id and sets
     * `request.space`. Opt in with `onRequest: [app.requireAuth, app.requireSpace]`.
     */
    requireSpace: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    space: SpaceContext | null;
  }
}

export const SPACE_HEADER = 'x-space-id';

/** The space of a space-scoped request; throws if the route did not opt in. */
export function spaceOf(request: FastifyRequest): SpaceContext {
  if (!request.space) throw badRequest(MESSAGES.spaceContextRequired, 'SPACE_REQUIRED');
  return request.space;
}

/** A decorator because route options name it as a hook (`onRequest: [app.requireAuth, app.requireSpace]`); see installAuth. */
export function installSpaceContext(app: FastifyInstance, db: Db): void {
  app.decorateRequest('space', null);

  app.decorate('requireSpace', async function requireSpace(request: FastifyRequest) {
    const auth = authOf(request);
    const header = request.headers[SPACE_HEADER];
    const spaceId = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!spaceId) throw badRequest(MESSAGES.spaceContextRequired, 'SPACE_REQUIRED');
    // Malformed ids, other organisations' spaces and callers without an organisation (platform
    // admins) all get the same answer, so nothing is revealed about spaces elsewhere.
    if (!isUuid(spaceId) || !auth.orgId || isAdminRole(auth.role)) throw notFound(MESSAGES.spaceNotFound);
    const space = await findSpaceInOrg(db, auth.orgId, spaceId);
    if (!space) throw notFound(MESSAGES.spaceNotFound);
    request.space = space;
  });
}
