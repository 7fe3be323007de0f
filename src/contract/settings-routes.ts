/**
 * The Workspace Settings endpoints' methods and paths (spec 001 §7; docs/sso.md), by the names
 * settings-endpoints.ts declares their schemas under. No schemas here: the settings screens call
 * through these (endpoint.ts).
 */
import { routesFor } from './endpoint';
import type { SettingsDeclarations } from './settings-endpoints';

export const SETTINGS_ROUTES = routesFor<SettingsDeclarations>()({
  brandVoice: ['GET', '/settings/brand-voice'],
  saveBrandVoice: ['PUT', '/settings/brand-voice'],
  organization: ['GET', '/settings/org'],
  saveOrganization: ['PUT', '/settings/org'],
  sso: ['GET', '/settings/sso'],
  saveSso: ['PUT', '/settings/sso'],
  removeSso: ['DELETE', '/settings/sso'],
  domainClaims: ['GET', '/settings/domain-claims'],
  claimDomain: ['POST', '/settings/domain-claims'],
  verifyDomain: ['POST', '/settings/domain-claims/:domain/verify'],
  requestDomainReview: ['POST', '/settings/domain-claims/:domain/review'],
});
