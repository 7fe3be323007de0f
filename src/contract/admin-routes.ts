/**
 * The platform admin endpoints' methods and paths (docs/admin.md "Endpoints (`/api/v1`)"), by the
 * names admin-endpoints.ts declares their schemas under. No schemas here: the admin screens call
 * through these without loading the schema library (endpoint.ts).
 */
import type { AdminDeclarations } from './admin-endpoints';
import { routesFor } from './endpoint';

export const ADMIN_ROUTES = routesFor<AdminDeclarations>()({
  overview: ['GET', '/admin/overview'],
  audit: ['GET', '/admin/audit'],
  security: ['GET', '/admin/security'],
  users: ['GET', '/admin/users'],
  user: ['GET', '/admin/users/:id'],
  suspendUser: ['POST', '/admin/users/:id/suspend'],
  reactivateUser: ['POST', '/admin/users/:id/reactivate'],
  signOutUser: ['POST', '/admin/users/:id/sign-out'],
  sendResetLink: ['POST', '/admin/users/:id/password-reset'],
  organizations: ['GET', '/admin/organizations'],
  organization: ['GET', '/admin/organizations/:id'],
  adjustCredits: ['POST', '/admin/organizations/:id/credits'],
  domainClaims: ['GET', '/admin/domain-claims'],
  approveDomainClaim: ['POST', '/admin/domain-claims/:id/approve'],
  rejectDomainClaim: ['POST', '/admin/domain-claims/:id/reject'],
});
