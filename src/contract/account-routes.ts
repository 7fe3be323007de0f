/**
 * The account endpoints' methods and paths, by the names account-endpoints.ts declares their
 * schemas under. No schemas here: Settings and the email confirmation page call through these
 * (endpoint.ts).
 */
import type { AccountDeclarations } from './account-endpoints';
import { routesFor } from './endpoint';

export const ACCOUNT_ROUTES = routesFor<AccountDeclarations>()({
  updateProfile: ['PUT', '/account/profile'],
  changePassword: ['POST', '/account/password'],
  changeEmail: ['POST', '/account/email'],
  // Below /auth: the link from the new address opens it without a session.
  confirmEmail: ['POST', '/auth/email/confirm'],
  sessions: ['GET', '/account/sessions'],
  revokeSession: ['DELETE', '/account/sessions/:id'],
  revokeOtherSessions: ['POST', '/account/sessions/sign-out-others'],
});
