/**
 * Connecting an account: start hands the browser a signed state and the source's authorisation
 * URL; the callback (a browser navigation, no bearer token) checks the state, exchanges the code,
 * stores the account and sends the browser back to the Manage GA4 Properties screen.
 */
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { GA4_ROUTES } from '../../../../src/contract/ga4-routes';
import { API_PREFIX } from '../../../../src/contract/paths';
import type { Ga4Config } from '../../ga4/env';
import { ProviderError } from '../../ga4/types';
import { GA4_TOO_MANY_ACCOUNTS_ERROR } from '../../../../src/contract/ga4';
import { atAccountLimit, saveConnectedAccount } from './accounts.service';
import type { Ga4Caller, Ga4Context } from './ga4-context';
import { signOAuthState, verifyOAuthState } from './oauth-state';

/** The contract's callback route below the API prefix: the redirect URI Google knows. */
export const CALLBACK_PATH = `${API_PREFIX}${GA4_ROUTES.oauthCallback.path}`;
export const MANAGE_PAGE_PATH = '/connections/ga4/manage';

/** Where the browser returns to after consent; Google must know it as an authorised redirect URI. */
export function redirectUriFor(config: Ga4Config, requestOrigin: string): string {
  return config.redirectUrl ?? `${config.publicUrl ?? requestOrigin}${CALLBACK_PATH}`;
}

export async function startConnection(
  ctx: Ga4Context,
  stateKey: Uint8Array,
  input: { caller: Ga4Caller; spaceId: string; redirectUri: string },
): Promise<{ redirect_url: string }> {
  const provider = ctx.providers.forNewConnections;
  const state = await signOAuthState(stateKey, { ...input.caller, spaceId: input.spaceId, provider: provider.name, redirectUri: input.redirectUri });
  return { redirect_url: provider.authorizeUrl({ state, redirectUri: input.redirectUri }) };
}

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/** Error codes the Manage screen receives as ?error= (Google's own, e.g. access_denied, pass through). */
export type CallbackOutcome = { connected: true } | { connected: false; error: string };

function errorOf(error: unknown): string {
  if (!(error instanceof ProviderError)) throw error;
  return error.kind === 'unavailable' ? 'google_unavailable' : 'exchange_failed';
}

export async function completeConnection(ctx: Ga4Context, stateKey: Uint8Array, query: CallbackQuery): Promise<CallbackOutcome> {
  if (!query.state) return { connected: false, error: 'invalid_state' };
  const check = await verifyOAuthState(stateKey, query.state);
  if (!check.ok) return { connected: false, error: check.reason };
  // Google's error codes are short snake_case words; anything else is not passed on to the page.
  if (query.error) return { connected: false, error: /^[a-z_]{1,64}$/.test(query.error) ? query.error : 'authorization_failed' };
  if (!query.code) return { connected: false, error: 'missing_code' };
  const { claims } = check;
  // The user may have left the organisation in the ten minutes since starting.
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, claims.userId), eq(users.orgId, claims.orgId), eq(users.disabled, false)));
  if (!user) return { connected: false, error: 'invalid_state' };
  const provider = ctx.providers.of(claims.provider);
  if (!provider) return { connected: false, error: 'not_configured' };
  try {
    const connected = await provider.exchangeCode({ code: query.code, redirectUri: claims.redirectUri });
    if (await atAccountLimit(ctx.db, { userId: claims.userId, orgId: claims.orgId }, connected.identity.userId)) {
      return { connected: false, error: GA4_TOO_MANY_ACCOUNTS_ERROR };
    }
    const account = await saveConnectedAccount(ctx, { userId: claims.userId, orgId: claims.orgId }, provider.name, connected);
    return account.authError === 'GA4_INSUFFICIENT_SCOPE' ? { connected: false, error: 'insufficient_scope' } : { connected: true };
  } catch (error) {
    return { connected: false, error: errorOf(error) };
  }
}

/** The screen the browser lands on, absolute when PUBLIC_URL is set (else on the callback's own origin). */
export function manageLocation(config: Ga4Config, outcome: CallbackOutcome): string {
  const query = outcome.connected ? 'connected=1' : `error=${encodeURIComponent(outcome.error)}`;
  return `${config.publicUrl ?? ''}${MANAGE_PAGE_PATH}?${query}`;
}
