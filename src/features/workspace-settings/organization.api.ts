import { http } from '../../api';
import type { Organization, UpdateOrganizationInput } from '../../contract/organization';

/** Spec 001 §7: GET and PUT /settings/org. */
export const fetchOrganization = (signal?: AbortSignal) => http.get<Organization>('/settings/org', signal ? { signal } : {});

export const putOrganization = (input: UpdateOrganizationInput) => http.put<Organization>('/settings/org', input);
