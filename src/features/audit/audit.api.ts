/** Reading the audit log: the whole platform's (platform admins) or the organisation's own (owners). */
import { http } from '../../api';
import type { AuditFilters, AuditPage } from '../../contract/audit';
import { endpointPath } from '../../contract/endpoint';
import { ORG_ROUTES } from '../../contract/orgs-routes';

export type AuditScope = 'platform' | 'organization';

const PATHS: Record<AuditScope, string> = { platform: '/admin/audit', organization: endpointPath(ORG_ROUTES.audit) };

export function fetchAuditPage(scope: AuditScope, filters: AuditFilters, cursor: string | null, limit: number, signal?: AbortSignal): Promise<AuditPage> {
  return http.get<AuditPage>(PATHS[scope], {
    query: { ...filters, ...(cursor ? { cursor } : {}), limit },
    ...(signal ? { signal } : {}),
  });
}
