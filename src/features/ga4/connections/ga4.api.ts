/** The GA4 integration calls (spec 001 §7), through the contract's routes. */
import { ApiError, callEndpoint } from '../../../api';
import type {
  Ga4Account,
  Ga4AccountsResponse,
  Ga4AuthStatus,
  Ga4LinkedProperty,
  Ga4LinkedPropertiesResponse,
  Ga4LinkPayload,
  Ga4PropertiesResponse,
  Ga4RemoveAccountResponse,
  Ga4ReportRequest,
  Ga4ReportResponse,
} from '../../../contract/ga4';
import { GA4_ROUTES } from '../../../contract/ga4-routes';

/** Where to send the browser to grant access (Google's consent screen, or the demo callback). */
export async function fetchOAuthStartUrl(): Promise<string> {
  const { redirect_url } = await callEndpoint(GA4_ROUTES.oauthStart);
  return redirect_url;
}

/** Spec 001 §8: a 404 when listing accounts means there are none, not a failure. */
export async function fetchAccounts(): Promise<Ga4Account[]> {
  try {
    const body: Ga4AccountsResponse | Ga4Account[] = await callEndpoint(GA4_ROUTES.accounts);
    return Array.isArray(body) ? body : (body.accounts ?? []);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function fetchProperties(accountId?: string): Promise<Ga4PropertiesResponse> {
  return callEndpoint(GA4_ROUTES.properties, { query: { account_id: accountId } });
}

export async function fetchLinkedProperties(): Promise<Ga4LinkedProperty[]> {
  const body: Ga4LinkedPropertiesResponse | Ga4LinkedProperty[] = await callEndpoint(GA4_ROUTES.linkedProperties);
  return Array.isArray(body) ? body : (body.linked_properties ?? []);
}

export function postLink(payload: Ga4LinkPayload): Promise<Ga4LinkedProperty> {
  return callEndpoint(GA4_ROUTES.link, { body: payload });
}

export async function deleteLink(linkedPropertyId: string): Promise<void> {
  await callEndpoint(GA4_ROUTES.unlink, { params: { id: linkedPropertyId } });
}

export function deleteAccount(accountId: string): Promise<Ga4RemoveAccountResponse | undefined> {
  return callEndpoint(GA4_ROUTES.removeAccount, { params: { id: accountId } });
}

export function postReport(request: Ga4ReportRequest, signal?: AbortSignal): Promise<Ga4ReportResponse> {
  return callEndpoint(GA4_ROUTES.report, { body: request }, signal ? { signal } : {});
}

export function fetchAuthStatus(): Promise<Ga4AuthStatus> {
  return callEndpoint(GA4_ROUTES.authStatus);
}
