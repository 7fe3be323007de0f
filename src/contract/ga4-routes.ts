/**
 * The Google Analytics 4 endpoints' methods and paths (spec 001 §7 fixes them), by the names
 * ga4-endpoints.ts declares their schemas under. No schemas here: the Dashboard and the
 * Connections screens call through these and draw without the schema library (endpoint.ts).
 */
import { routesFor } from './endpoint';
import type { Ga4Declarations } from './ga4-endpoints';

export const GA4_ROUTES = routesFor<Ga4Declarations>()({
  oauthStart: ['GET', '/integrations/ga4/oauth/start'],
  // Google's redirect URI for Mosaic: the browser comes back here from the consent screen.
  oauthCallback: ['GET', '/integrations/ga4/oauth/callback'],
  accounts: ['GET', '/integrations/ga4/accounts'],
  properties: ['GET', '/integrations/ga4/properties'],
  removeAccount: ['DELETE', '/integrations/ga4/accounts/:id'],
  linkedProperties: ['GET', '/integrations/ga4/linked-properties'],
  link: ['POST', '/integrations/ga4/link'],
  unlink: ['DELETE', '/integrations/ga4/unlink/:id'],
  report: ['POST', '/integrations/ga4/report'],
  authStatus: ['GET', '/integrations/ga4/auth/status'],
});
