/**
 * The public shared-chat endpoint's method and path, by the name public-share-endpoints.ts
 * declares its schemas under. No schemas here: the shared chat page calls through it (endpoint.ts).
 */
import { routesFor } from './endpoint';
import type { PublicShareDeclarations } from './public-share-endpoints';

export const PUBLIC_SHARE_ROUTES = routesFor<PublicShareDeclarations>()({
  view: ['GET', '/public/shares/:token'],
});
