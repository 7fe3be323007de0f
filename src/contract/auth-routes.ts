/**
 * The sign-in endpoints' methods and paths (spec 000 §7; docs/sso.md), by the names
 * auth-endpoints.ts declares their schemas under. No schemas here: the Login screen, the request
 * layer's token refresh and the start-up's GET /me go through these before any screen loads the
 * schema library (endpoint.ts).
 */
import type { AuthDeclarations } from './auth-endpoints';
import { routesFor } from './endpoint';

export const AUTH_ROUTES = routesFor<AuthDeclarations>()({
  login: ['POST', '/login'],
  refresh: ['POST', '/refresh'],
  logout: ['POST', '/logout'],
  me: ['GET', '/me'],
  forgotPassword: ['POST', '/auth/password/forgot'],
  resetPassword: ['POST', '/auth/password/reset'],
  ssoLookup: ['GET', '/auth/sso/lookup'],
  // Browser navigations, not calls: the Login screen's "Sign in with …" link, and the redirect URI
  // registered with the identity provider.
  ssoStart: ['GET', '/auth/sso/start'],
  ssoCallback: ['GET', '/auth/sso/callback'],
  ssoComplete: ['POST', '/auth/sso/complete'],
});
