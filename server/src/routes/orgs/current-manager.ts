import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/database';
import { MESSAGES, forbidden } from '../../errors';
import { authOf } from '../../plugins/auth';
import { currentOrgManager, type OrgManager } from '../../services/orgs/org-manager';

const managers = new WeakMap<FastifyRequest, OrgManager>();

/**
 * onRequest hook (after requireAuth): 403 unless the caller is an owner or admin of an
 * organisation according to the user row now — so a promotion, demotion or removal counts at the
 * caller's next request, not when their access token expires. Runs before body validation, so a
 * member learns nothing about the payload rules.
 */
export function requireCurrentManager(db: Db): onRequestAsyncHookHandler {
  return async function requireCurrentManager(request: FastifyRequest) {
    managers.set(request, await currentOrgManager(db, authOf(request)));
  };
}

/** The manager checked by requireCurrentManager. */
export function managerOf(request: FastifyRequest): OrgManager {
  const manager = managers.get(request);
  if (!manager) throw forbidden(MESSAGES.onlyManagersManageMembers);
  return manager;
}
