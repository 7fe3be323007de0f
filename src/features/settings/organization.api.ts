import { callEndpoint } from '../../api';
import type { UpdateOrganizationInput } from '../../contract/organization';
import { SETTINGS_ROUTES } from '../../contract/settings-routes';

/** Spec 001 §7: GET and PUT /settings/org. */
export const fetchOrganization = (signal?: AbortSignal) => callEndpoint(SETTINGS_ROUTES.organization, {}, signal ? { signal } : {});

export const putOrganization = (input: UpdateOrganizationInput) => callEndpoint(SETTINGS_ROUTES.saveOrganization, { body: input });
