/**
 * The organisation endpoints' methods and paths (spec 001 §7; docs/server.md "Organisation
 * management"), by the names orgs-endpoints.ts declares their schemas under. No schemas here: the
 * organisation screens and Help & Support call through these without loading the schema library
 * (endpoint.ts).
 */
import type { OrgDeclarations } from './orgs-endpoints';
import { routesFor } from './endpoint';

export const ORG_ROUTES = routesFor<OrgDeclarations>()({
  members: ['GET', '/orgs/members'],
  changeRole: ['PUT', '/orgs/members/:id/role'],
  removeMember: ['DELETE', '/orgs/members/:id'],
  invite: ['POST', '/orgs/invites'],
  invites: ['GET', '/orgs/invites'],
  reissueInviteLink: ['POST', '/orgs/invites/:id/link'],
  revokeInvite: ['DELETE', '/orgs/invites/:id'],
  joinRequests: ['GET', '/orgs/join-requests'],
  approveJoinRequest: ['PUT', '/orgs/join-requests/:id/approve'],
  denyJoinRequest: ['PUT', '/orgs/join-requests/:id/deny'],
  contacts: ['GET', '/orgs/contacts'],
  audit: ['GET', '/orgs/audit'],
});
