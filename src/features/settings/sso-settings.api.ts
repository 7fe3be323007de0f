import { callEndpoint } from '../../api';
import type { UpdateSsoSettings } from '../../contract/sso-settings';
import { SETTINGS_ROUTES } from '../../contract/settings-routes';

/** The organisation's identity provider (docs/sso.md): owners and admins read, owners change. */
export const fetchSsoSettings = () => callEndpoint(SETTINGS_ROUTES.sso);
export const putSsoSettings = (input: UpdateSsoSettings) => callEndpoint(SETTINGS_ROUTES.saveSso, { body: input });
export const deleteSsoSettings = () => callEndpoint(SETTINGS_ROUTES.removeSso);
