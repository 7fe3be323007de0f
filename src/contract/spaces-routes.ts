/**
 * The spaces endpoints' methods and paths (spec 000 §7; docs/server.md "Spaces lifecycle"), by the
 * names spaces-endpoints.ts declares their schemas under. No schemas here: the signed-in shell
 * loads its spaces through these, and the shell loads no schema library (endpoint.ts).
 */
import type { SpaceDeclarations } from './spaces-endpoints';
import { routesFor } from './endpoint';

export const SPACE_ROUTES = routesFor<SpaceDeclarations>()({
  // Spec 000 §7 spells the list with its trailing slash; the server takes '/spaces' as the same route.
  list: ['GET', '/spaces/'],
  create: ['POST', '/spaces/'],
  archived: ['GET', '/spaces/archived'],
  update: ['PATCH', '/spaces/:id'],
  archive: ['POST', '/spaces/:id/archive'],
  restore: ['POST', '/spaces/:id/restore'],
  remove: ['POST', '/spaces/:id/delete'],
});
