import { http } from '../../api';
import type { SsoProvider, SsoSettings, UpdateSsoSettings } from '../../contract/sso-settings';

/** The organisation's identity provider (docs/sso.md): owners and admins read, owners change. */
export const fetchSsoSettings = () => http.get<SsoSettings>('/settings/sso');
export const putSsoSettings = (input: UpdateSsoSettings) => http.put<SsoProvider>('/settings/sso', input);
export const deleteSsoSettings = () => http.delete<unknown>('/settings/sso');
