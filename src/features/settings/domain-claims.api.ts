import { callEndpoint } from '../../api';
import { SETTINGS_ROUTES } from '../../contract/settings-routes';

/** An owner's email domain claims (docs/sso.md "Domain verification"): check the TXT record now, or ask for a review. */
export const verifyDomain = (domain: string) => callEndpoint(SETTINGS_ROUTES.verifyDomain, { params: { domain } });
export const requestDomainReview = (domain: string) => callEndpoint(SETTINGS_ROUTES.requestDomainReview, { params: { domain } });
