/**
 * Calls to an analytics source on behalf of one stored account: decrypts its tokens, refreshes an
 * expired access token (and once more if Google rejects it anyway; token-refresh.ts makes
 * concurrent refreshes one), and keeps the account's auth_error in step: set by token and
 * permission errors, cleared by a success.
 */
import { AppError, GA4_MESSAGES } from '../../errors';
import { ProviderError, type AnalyticsProvider } from '../../ga4/types';
import type { Ga4AccountRow } from './accounts.service';
import { setAuthError } from './accounts.service';
import type { Ga4Context } from './ga4-context';
import { accountErrorCode, toAppError } from './ga4-errors';
import { isExpired, readToken, refreshAccessToken } from './token-refresh';

type Call<T> = (provider: AnalyticsProvider, accessToken: string | null) => Promise<T>;

function providerOf(ctx: Ga4Context, account: Ga4AccountRow): AnalyticsProvider {
  const provider = ctx.providers.of(account.provider);
  if (!provider) throw new AppError(503, GA4_MESSAGES.googleNotConfigured, 'GA4_NOT_CONFIGURED');
  return provider;
}

function needsRefresh(account: Ga4AccountRow, accessToken: string | undefined, provider: AnalyticsProvider): boolean {
  if (provider.name === 'demo') return false;
  return accessToken === undefined || isExpired(account);
}

/** Runs `call` with a valid access token; throws the ProviderError (after recording it on the account). */
export async function withAccountToken<T>(ctx: Ga4Context, account: Ga4AccountRow, call: Call<T>): Promise<T> {
  const provider = providerOf(ctx, account);
  try {
    let accessToken = readToken(ctx, account.accessTokenEncrypted);
    let refreshed = false;
    if (needsRefresh(account, accessToken, provider)) {
      accessToken = (await refreshAccessToken(ctx, account, provider)) ?? undefined;
      refreshed = true;
    }
    let result: T;
    try {
      result = await call(provider, accessToken ?? null);
    } catch (error) {
      // Google may revoke an access token before its expiry: refresh once and try again.
      if (!(error instanceof ProviderError) || error.kind !== 'access_token_rejected' || refreshed) throw error;
      accessToken = (await refreshAccessToken(ctx, account, provider)) ?? undefined;
      result = await call(provider, accessToken ?? null);
    }
    if (account.authError !== null) await setAuthError(ctx.db, account.id, null);
    return result;
  } catch (error) {
    if (error instanceof ProviderError) {
      const code = accountErrorCode(error);
      if (code) await setAuthError(ctx.db, account.id, code);
    }
    throw error;
  }
}

/** As withAccountToken, with provider errors turned into API answers. */
export async function callWithAccount<T>(ctx: Ga4Context, account: Ga4AccountRow, call: Call<T>): Promise<T> {
  try {
    return await withAccountToken(ctx, account, call);
  } catch (error) {
    throw error instanceof ProviderError ? toAppError(error) : error;
  }
}
