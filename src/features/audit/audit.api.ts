/** Reading the audit log: the whole platform's (platform admins) or the organisation's own (owners). */
import { callEndpoint } from '../../api';
import type { AuditFilters, AuditPage } from '../../contract/audit';
import { ADMIN_ROUTES } from '../../contract/admin-routes';
import { ORG_ROUTES } from '../../contract/orgs-routes';

export type AuditScope = 'platform' | 'organization';

/** Both take the same filters (src/contract/audit-query.ts) and answer the same page. */
const ROUTES = { platform: ADMIN_ROUTES.audit, organization: ORG_ROUTES.audit } as const;

export function fetchAuditPage(scope: AuditScope, filters: AuditFilters, cursor: string | null, limit: number, signal?: AbortSignal): Promise<AuditPage> {
  return callEndpoint(ROUTES[scope], { query: { ...filters, ...(cursor ? { cursor } : {}), limit } }, signal ? { signal } : {});
}
