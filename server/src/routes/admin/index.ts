import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../deps';
import { adminDomainClaimRoutes } from './admin-domain-claims.routes';
import { adminOrganizationsRoutes } from './admin-organizations.routes';
import { adminOverviewRoutes } from './admin-overview.routes';
import { adminUsersRoutes } from './admin-users.routes';

/** The platform admin area (docs/admin.md): dashboard, users, organisations, audit log and security, domain claims. */
export async function adminRoutes(app: FastifyInstance, options: RouteDeps & { prefix?: string }): Promise<void> {
  // The prefix already applies to this plugin; passing it on would apply it twice.
  const { prefix: _prefix, ...deps } = options;
  await app.register(adminOverviewRoutes, deps);
  await app.register(adminUsersRoutes, deps);
  await app.register(adminOrganizationsRoutes, deps);
  await app.register(adminDomainClaimRoutes, deps);
}
