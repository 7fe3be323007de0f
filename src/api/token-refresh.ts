/**
 * Recovering from a 401 (spec 000 §4): one shared refresh for every concurrent 401, at most
 * 3 attempts before the session is given up, and coordination with other tabs so only one of them
 * rotates the refresh token.
 *
 * Failure policy: when the server refuses the refresh token (400/401/403/422, or the token is
 * gone) the session is over at once: UNAUTHENTICATED, then forced logout. A failure that says
 * nothing about the token (a time-out, a 5xx) keeps the session so a flaky server does not sign the
 * user out; the attempt still counts, and the third failed attempt forces logout. A refresh that
 * got no answer at all (no connection) is not counted: a device whose connection drops as its
 * token expires gets a 401 for each read that was already on its way, and each wave of them
 * tried a refresh that could not leave the device, three of which signed the person out
 * (docs/pwa.md "Network conditions").
 */
import type { SessionEndReason } from '../contract/account';
import { AUTH_ROUTES } from '../contract/auth-routes';
import { endpointPath } from '../contract/endpoint';
import { API_ERROR_CODES } from '../contract/errors';
import { forceLogout, getAccessToken, getAuthStatus, getRefreshToken, setAuthStatus, storeTokens, tokenPairSchema } from '../session';
import { sendWithFetch } from './client';
import { ApiError, ERROR_MESSAGES, toApiError } from './errors';
import { withRefreshLock } from './refresh-lock';
import { buildRequestHeaders } from './request-headers';

/** Refresh attempts before forced logout (spec 000 §9). */
export const MAX_REFRESH_ATTEMPTS = 3;

let attempts = 0;
let sharedRefresh: Promise<void> | null = null;

const unauthorized = () => new ApiError(ERROR_MESSAGES.unauthorized, 401, 'UNAUTHORIZED');

/** Marks a refusal of the refresh token itself, as opposed to a transient failure. */
class SessionRejected extends Error {
  constructor(
    message: string,
    /** Set when the server said why (a suspended account), for the Login screen. */
    readonly reason?: SessionEndReason,
  ) {
    super(message);
  }
}

/**
 * The session this refresh was started for ended while the answer was on its way (the user
 * logged out, here or in another tab, and may even have signed in again). Its tokens belong to
 * nobody now: storing them would sign the user back in after logout cleared storage.
 */
class SessionEndedMeanwhile extends Error {}

/** True while the refresh still serves the session it started for. */
function sessionUnchanged(presentedRefreshToken: string): boolean {
  return getAuthStatus() === 'REFRESHING' && getRefreshToken() === presentedRefreshToken;
}

/**
 * Makes a fresh access token available, or throws. `sentWithAccess` is the token the failed
 * request carried: if storage already holds a different one, another request or tab refreshed in
 * the meantime and the caller only needs to retry.
 */
export async function recoverSession(sentWithAccess: string | null): Promise<void> {
  const current = getAccessToken();
  if (current && current !== sentWithAccess) return;
  // Nothing to refresh with (never signed in, or signed out meanwhile): no REFRESHING detour.
  if (!sharedRefresh && !getRefreshToken()) {
    forceLogout();
    throw unauthorized();
  }
  if (!sharedRefresh && attempts >= MAX_REFRESH_ATTEMPTS) {
    forceLogout();
    throw unauthorized();
  }
  sharedRefresh ??= refreshOnce().finally(() => {
    sharedRefresh = null;
  });
  return sharedRefresh;
}

async function refreshOnce(): Promise<void> {
  const statusBefore = getAuthStatus();
  setAuthStatus('REFRESHING');
  const refreshTokenBefore = getRefreshToken();
  try {
    await withRefreshLock(async () => {
      const refreshToken = getRefreshToken();
      if (!refreshToken) throw new SessionRejected('No refresh token stored');
      // Another tab rotated while we waited for the lock: adopt its tokens instead of presenting
      // ours again, which the server would treat as reuse and revoke the session everywhere.
      if (refreshToken !== refreshTokenBefore) return;
      const tokens = await requestNewTokens(refreshToken);
      if (!sessionUnchanged(refreshToken)) throw new SessionEndedMeanwhile();
      storeTokens(tokens);
    });
  } catch (error) {
    // Whatever ended the session (logout, or a new sign-in after it) owns the state now.
    if (error instanceof SessionEndedMeanwhile) throw new ApiError(ERROR_MESSAGES.loggedOut, null, 'LOGGED_OUT');
    if (getAuthStatus() === 'LOGGING_OUT') throw unauthorized();
    if (!(error instanceof ApiError && error.code === 'NETWORK_ERROR')) attempts += 1;
    if (error instanceof SessionRejected || attempts >= MAX_REFRESH_ATTEMPTS) {
      // Straight to the forced logout, which ends UNAUTHENTICATED: a status set first was seen by
      // the guard, which sent the person to Login without the expired notice.
      forceLogout(error instanceof SessionRejected ? error.reason : undefined);
      throw unauthorized();
    }
    // Transient: keep the session as it was so queued work is not stuck behind REFRESHING.
    setAuthStatus(statusBefore);
    throw toApiError(error);
  }
  // Logout may also have begun after the tokens were stored (or while another tab's were adopted).
  if (getAuthStatus() !== 'REFRESHING') throw new ApiError(ERROR_MESSAGES.loggedOut, null, 'LOGGED_OUT');
  attempts = 0;
  setAuthStatus('AUTHENTICATED');
}

/** POST /refresh, sent with fetch itself: the request pipeline's 401 recovery is this module, so it cannot go through it. */
const REFRESH_PATH = endpointPath(AUTH_ROUTES.refresh);

async function requestNewTokens(refreshToken: string) {
  let body: unknown;
  try {
    body = await sendWithFetch({
      method: AUTH_ROUTES.refresh.method,
      path: REFRESH_PATH,
      headers: buildRequestHeaders({ accessToken: null, spaceId: null }),
      body: { refresh_token: refreshToken },
      signal: new AbortController().signal,
    });
  } catch (error) {
    const apiError = toApiError(error, REFRESH_PATH);
    if (apiError.status !== null && [400, 401, 403, 422].includes(apiError.status)) {
      const suspended = apiError.serverCode === API_ERROR_CODES.accountSuspended;
      throw new SessionRejected(apiError.message, suspended ? 'account_suspended' : undefined);
    }
    throw apiError;
  }
  const parsed = tokenPairSchema.safeParse(body);
  if (!parsed.success) throw new SessionRejected('Malformed refresh response');
  return parsed.data;
}

/** Starts the count afresh, e.g. after a new sign-in. */
export function resetRefreshAttempts(): void {
  attempts = 0;
}
