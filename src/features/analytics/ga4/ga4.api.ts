/** The GA4 integration calls (spec 001 §7), relative to /api/v1. */
import { ApiError, http } from '../../../api';
import type {
  Ga4Account,
  Ga4AccountsResponse,
  Ga4AuthStatus,
  Ga4LinkedProperty,
  Ga4LinkedPropertiesResponse,
  Ga4LinkPayload,
  Ga4OAuthStartResponse,
  Ga4PropertiesResponse,
  Ga4RemoveAccountResponse,
  Ga4ReportRequest,
  Ga4ReportResponse,
} from '../../../contract/ga4';

const BASE = '/integrations/ga4';

/** Where to send the browser to grant access (Google's consent screen, or the demo callback). */
export async function fetchOAuthStartUrl(): Promise<string> {
  const { redirect_url } = await http.get<Ga4OAuthStartResponse>(`${BASE}/oauth/start`);
  return redirect_url;
}

/** Spec 001 §8: a 404 when listing accounts means there are none, not a failure. */
export async function fetchAccounts(): Promise<Ga4Account[]> {
  try {
    const body = await http.get<Ga4AccountsResponse | Ga4Account[]>(`${BASE}/accounts`);
    return Array.isArray(body) ? body : (body.accounts ?? []);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function fetchProperties(accountId?: string): Promise<Ga4PropertiesResponse> {
  return http.get<Ga4PropertiesResponse>(`${BASE}/properties`, { query: { account_id: accountId } });
}

export async function fetchLinkedProperties(): Promise<Ga4LinkedProperty[]> {
  const body = await http.get<Ga4LinkedPropertiesResponse | Ga4LinkedProperty[]>(`${BASE}/linked-properties`);
  return Array.isArray(body) ? body : (body.linked_properties ?? []);
}

export function postLink(payload: Ga4LinkPayload): Promise<Ga4LinkedProperty> {
  return http.post<Ga4LinkedProperty>(`${BASE}/link`, payload);
}

export async function deleteLink(linkedPropertyId: string): Promise<void> {
  await http.delete(`${BASE}/unlink/${encodeURIComponent(linkedPropertyId)}`);
}

export function deleteAccount(accountId: string): Promise<Ga4RemoveAccountResponse | undefined> {
  return http.delete<Ga4RemoveAccountResponse | undefined>(`${BASE}/accounts/${encodeURIComponent(accountId)}`);
}

export function postReport(request: Ga4ReportRequest, signal?: AbortSignal): Promise<Ga4ReportResponse> {
  return http.post<Ga4ReportResponse>(`${BASE}/report`, request, signal ? { signal } : {});
}

export function fetchAuthStatus(): Promise<Ga4AuthStatus> {
  return http.get<Ga4AuthStatus>(`${BASE}/auth/status`);
}
