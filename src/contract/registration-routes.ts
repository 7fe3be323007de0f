/**
 * The registration endpoints' methods and paths (spec 000 §7), by the names
 * registration-endpoints.ts declares their schemas under. No schemas here: the Register screen
 * calls through these (endpoint.ts).
 */
import { routesFor } from './endpoint';
import type { RegistrationDeclarations } from './registration-endpoints';

export const REGISTRATION_ROUTES = routesFor<RegistrationDeclarations>()({
  register: ['POST', '/register'],
  checkDomain: ['GET', '/register/check-domain'],
  invitation: ['GET', '/register/invitation'],
  withDomain: ['POST', '/register/with-domain'],
});
