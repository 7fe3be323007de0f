/**
 * Single sign-on calls (docs/sso.md): the look-up while an email is typed, the start address (a
 * browser navigation: the server redirects to the identity provider), and the exchange of the
 * one-time hand-over code for a session. The browser-binding cookie rides along by itself
 * (same-origin fetch); no script can read it.
 */
import { API_BASE, callEndpoint } from '../../api';
import { AUTH_ROUTES } from '../../contract/auth-routes';
import { endpointPath } from '../../contract/endpoint';
import type { SsoCompleteAnswer, SsoLookup } from '../../contract/sso';
import { MalformedResponseError } from './auth.api';

// The answers' schemas (and the schema library) load with the first call, once an address has been
// typed, instead of delaying the Login screen's first paint; the download overlaps the request.
const answerSchemas = () => import('../../contract/sso-schemas');

export async function getSsoLookup(email: string): Promise<SsoLookup> {
  const [{ ssoLookupSchema }, answer] = await Promise.all([answerSchemas(), callEndpoint(AUTH_ROUTES.ssoLookup, { query: { email } })]);
  const parsed = ssoLookupSchema.safeParse(answer);
  if (!parsed.success) throw new MalformedResponseError('Unexpected single sign-on look-up response from server');
  return parsed.data;
}

/** Where "Sign in with …" goes: the server answers with a redirect to the provider. */
export function ssoStartAddress(email: string, redirect: string | null): string {
  const query = new URLSearchParams({ email, ...(redirect ? { redirect } : {}) });
  return `${API_BASE}${endpointPath(AUTH_ROUTES.ssoStart)}?${query.toString()}`;
}

export async function postSsoComplete(handoff: string): Promise<SsoCompleteAnswer> {
  const [{ ssoCompleteAnswerSchema }, answer] = await Promise.all([answerSchemas(), callEndpoint(AUTH_ROUTES.ssoComplete, { body: { handoff } })]);
  const parsed = ssoCompleteAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new MalformedResponseError('Unexpected single sign-on response from server');
  return parsed.data;
}
