/** An organisation's email-domain claim as the server answers it (docs/sso.md "Domain verification"). */
import type { DomainClaim } from '../../../src/contract/domain-claims';

/** The TXT record's value the fake server asks for. */
export const VERIFICATION_VALUE = 'mosaic-verification=0123456789abcdef0123456789abcdef';

/** Unverified, never checked, with the TXT record to add — unless `change` says otherwise. */
export function unverifiedClaim(domain: string, change: Partial<DomainClaim> = {}): DomainClaim {
  return {
    domain,
    status: 'unverified',
    txt_record: { name: `_mosaic-verification.${domain}`, value: VERIFICATION_VALUE },
    verified_at: null,
    verification_method: null,
    review_requested_at: null,
    review_reason: null,
    last_checked_at: null,
    last_check_problem: null,
    last_decision: null,
    ...change,
  };
}
