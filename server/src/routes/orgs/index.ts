import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../deps';
import { orgAuditRoutes } from './audit.routes';
import { orgInvitesRoutes } from './invites.routes';
import { orgJoinRequestsRoutes } from './join-requests.routes';
import { orgMembersRoutes } from './members.routes';
import { orgContactsRoutes } from './contacts.routes';

/** Organisation management (spec 001: org admin users): members, invites, join requests. */
export async function orgRoutes(app: FastifyInstance, options: RouteDeps & { prefix?: string }): Promise<void> {
  // The prefix already applies to this plugin; passing it on would apply it twice.
  const { prefix: _prefix, ...deps } = options;
  await app.register(orgMembersRoutes, deps);
  await app.register(orgInvitesRoutes, deps);
  await app.register(orgJoinRequestsRoutes, deps);
  await app.register(orgContactsRoutes, deps);
  await app.register(orgAuditRoutes, deps);
}
