import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { MESSAGES, forbidden } from '../../errors';
import { authOf } from '../../plugins/auth';
import type { OrgManager } from '../../services/orgs/org-manager';

/**
 * onRequest hooks of every /orgs route: a signed-in owner or admin of an organisation. requireAuth
 * takes the role from the user row, so a promotion, demotion or removal counts at the caller's next
 * request. Runs before body validation, so a member learns nothing about the payload rules.
 */
export function orgManagerOnly(app: FastifyInstance): onRequestAsyncHookHandler[] {
  return [app.requireAuth, app.requireRole(['org_owner', 'org_admin'], MESSAGES.onlyManagersManageMembers)];
}

/** The owner or admin checked by orgManagerOnly, with the organisation they manage. */
export function managerOf(request: FastifyRequest): OrgManager {
  const { userId, role, orgId } = authOf(request);
  if (!orgId || (role !== 'org_owner' && role !== 'org_admin')) throw forbidden(MESSAGES.onlyManagersManageMembers);
  return { userId, role, orgId };
}
