import { http } from '../../api';
import type { DomainClaim } from '../../contract/domain-claims';

/** An owner's email domain claims (docs/sso.md "Domain verification"): check the TXT record now, or ask for a review. */
const at = (domain: string) => `/settings/domain-claims/${encodeURIComponent(domain)}`;

export const verifyDomain = (domain: string) => http.post<DomainClaim>(`${at(domain)}/verify`);
export const requestDomainReview = (domain: string) => http.post<DomainClaim>(`${at(domain)}/review`);
