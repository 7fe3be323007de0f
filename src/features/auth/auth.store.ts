/**
 * Auth actions (spec 000 §4 "Auth state"): initialise, sign in, register, log out. They call the
 * server and write the outcome into the session core (src/session): the live state is
 * `authState` there, which screens read with useSnapshot.
 */
import { ApiError, installCrossTabSync, recoverSession, resetRefreshAttempts, toApiError } from '../../api';
import { describeError, logger } from '../../lib/logger';
import { requestPersistentStorage } from '../../pwa/persistent-storage';
import { initSpaces, resetSpaces } from '../spaces/spaces.store';
import {
  getDomainCheck,
  getMe,
  postLogin,
  postLogout,
  postRegister,
  postRegisterWithDomain,
  type DomainRegisterInput,
  type RegisterInput,
} from './auth.api';
import type { DomainCheck, SessionResponse } from './auth.schemas';
import type { postSsoComplete } from './sso.api';
import {
  authState,
  clearSessionStorage,
  endSessionAfterWipe,
  finishInterruptedWipe,
  getAccessToken,
  getRefreshToken,
  markWipePending,
  readStoredUser,
  runSessionResets,
  setAuthStatus,
  storeTokens,
  storeUser,
  wipeReport,
} from '../../session';
import { isSystemAdminRole, type User } from '../../contract/auth';

export const AUTH_MESSAGES = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  spacesAfterLogin: 'Failed to initialize spaces after login',
  networkDuringAuth: 'Network error during authentication',
} as const;

/** The server is told about a logout, but a slow answer must not keep the user waiting. */
const LOGOUT_CALL_TIMEOUT_MS = 5_000;

let initRun: Promise<void> | null = null;
let logoutRun: Promise<void> | null = null;

/** Idempotent: the first call restores the stored session; later calls share its outcome. */
export function initAuth(): Promise<void> {
  installCrossTabSync();
  initRun ??= restoreSession().finally(() => {
    authState.initialized = true;
  });
  return initRun;
}

async function restoreSession(): Promise<void> {
  // Someone signed in before initialisation was asked for: nothing to restore.
  if (authState.status !== 'INITIALIZING') return;
  // A logout or expiry whose wipe a closed tab cut short is finished before anything is shown.
  await finishInterruptedWipe();
  if (!getAccessToken()) {
    clearSessionStorage();
    setAuthStatus('UNAUTHENTICATED');
    return;
  }
  try {
    const user = await fetchCurrentUser();
    storeUser(user);
    authState.user = user;
    if (!isSystemAdminRole(user.role)) {
      // Spaces failing does not end the session: the router sends the user to
      // /dashboard?error=space-init-failed where they can retry (spec 000 §2).
      await initSpaces().catch((error: unknown) =>
        logger.warn('Spaces initialisation failed during auth initialisation', { error: describeError(error) }),
      );
    }
    resetRefreshAttempts();
    authState.error = null;
    setAuthStatus('AUTHENTICATED');
    // Saved data is only worth keeping for a signed-in user; the browser decides once per page.
    void requestPersistentStorage();
  } catch (error) {
    const apiError = toApiError(error);
    authState.error = apiError.code === 'NETWORK_ERROR' ? AUTH_MESSAGES.networkDuringAuth : null;
    // No answer, a slow one or a server failure says nothing about the tokens: the session stays
    // and the app starts on the device's copy (docs/pwa.md "Start-up"). Only a refusal ends it.
    if (saysNothingAboutTheSession(apiError) && getAccessToken()) return startOnDevice();
    clearSessionStorage();
    authState.user = null;
    await runSessionResets();
    setAuthStatus('UNAUTHENTICATED');
  }
}

/** Offline, timed out or a 5xx: the server could not say whether the session is still good. */
function saysNothingAboutTheSession(error: ApiError): boolean {
  return error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT_ERROR' || (error.status !== null && error.status >= 500);
}

/**
 * A start the server could not answer: signed in as the user this device saved at sign-in, with
 * the spaces the worker saved (if they cannot be had either, the guard says so on the Dashboard).
 * Without a saved user there is nobody to show; the tokens still stay, for the next start.
 */
async function startOnDevice(): Promise<void> {
  const saved = readStoredUser();
  if (!saved) {
    setAuthStatus('UNAUTHENTICATED');
    return;
  }
  authState.user = saved;
  if (!isSystemAdminRole(saved.role)) {
    await initSpaces().catch((error: unknown) =>
      logger.warn('Spaces initialisation failed during an offline start', { error: describeError(error) }),
    );
  }
  setAuthStatus('AUTHENTICATED');
}

/**
 * GET /me never refreshes on its own (spec 000 §7). Access tokens are short-lived, so a user
 * returning after a while would always be signed out; when a refresh token is stored we rotate
 * once here and ask again before giving up.
 */
async function fetchCurrentUser(): Promise<User> {
  try {
    return await getMe();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !getRefreshToken()) throw error;
    await recoverSession(getAccessToken());
    // The refresh marks the session AUTHENTICATED; initialisation is not finished yet.
    setAuthStatus('INITIALIZING');
    return getMe();
  }
}

/** Signs in. Rejects with the server's detail, else 'Login failed'. */
export async function login(email: string, password: string): Promise<User> {
  setAuthStatus('UNAUTHENTICATED');
  authState.error = null;
  let session: SessionResponse;
  try {
    session = await postLogin(email, password);
  } catch (error) {
    throw recordFailure(error, AUTH_MESSAGES.loginFailed);
  }
  return startSession(session);
}

/**
 * Finishes a single sign-on: the one-time hand-over code from the SSO page's address becomes a
 * session like any other. Answers the user and the in-app path they were heading to, if any.
 */
export async function completeSsoSignIn(handoff: string): Promise<{ user: User; redirect: string | null }> {
  setAuthStatus('UNAUTHENTICATED');
  authState.error = null;
  let answer: Awaited<ReturnType<typeof postSsoComplete>>;
  try {
    // Loaded here, not with the store: the store starts with every page, the SSO schemas are
    // needed only on the SSO page (and keep the full schema library out of the first download).
    const { postSsoComplete } = await import('./sso.api');
    answer = await postSsoComplete(handoff);
  } catch (error) {
    throw recordFailure(error, AUTH_MESSAGES.loginFailed);
  }
  const { redirect, ...session } = answer;
  return { user: await startSession(session), redirect };
}

/** Registers a new organisation and signs in. Rejects with the server's detail, else 'Registration failed'. */
export async function register(input: RegisterInput): Promise<User> {
  setAuthStatus('UNAUTHENTICATED');
  authState.error = null;
  let session: SessionResponse;
  try {
    session = await postRegister(input);
  } catch (error) {
    throw recordFailure(error, AUTH_MESSAGES.registrationFailed);
  }
  return startSession(session);
}

/** Whether an organisation already uses the email's domain; any failure reads as "no". */
export async function checkEmailDomain(email: string): Promise<DomainCheck> {
  try {
    return await getDomainCheck(email);
  } catch (error) {
    logger.info('Email domain check failed; assuming no existing organisation', { error: describeError(error) });
    return { has_existing_org: false };
  }
}

/**
 * join_existing creates a join request: a message comes back and no session starts.
 * create_new behaves like register and signs in.
 */
export async function registerWithDomain(input: DomainRegisterInput): Promise<{ message?: string; user?: User }> {
  authState.error = null;
  let result: Awaited<ReturnType<typeof postRegisterWithDomain>>;
  try {
    result = await postRegisterWithDomain(input);
  } catch (error) {
    throw recordFailure(error, AUTH_MESSAGES.registrationFailed);
  }
  if (!result.session) return result.message ? { message: result.message } : {};
  setAuthStatus('UNAUTHENTICATED');
  const user = await startSession(result.session);
  return result.message ? { message: result.message, user } : { user };
}

/** Stores the session, initialises spaces (not for system admins), then AUTHENTICATED. */
async function startSession(session: SessionResponse): Promise<User> {
  resetRefreshAttempts();
  authState.endReason = null;
  authState.sessionExpired = false;
  wipeReport.unsentMessages = 0;
  resetSpaces();
  storeTokens(session);
  storeUser(session.user);
  authState.user = session.user;
  if (!isSystemAdminRole(session.user.role)) {
    try {
      await initSpaces();
    } catch (error) {
      logger.warn('Spaces initialisation failed after sign-in', { error: describeError(error) });
      // Do not leave a server session behind that nobody can use.
      void postLogout(session.refresh_token, LOGOUT_CALL_TIMEOUT_MS).catch(() => undefined);
      clearSessionStorage();
      authState.user = null;
      resetSpaces();
      setAuthStatus('UNAUTHENTICATED');
      authState.error = AUTH_MESSAGES.spacesAfterLogin;
      throw new Error(AUTH_MESSAGES.spacesAfterLogin, { cause: error });
    }
  }
  authState.error = null;
  authState.initialized = true;
  setAuthStatus('AUTHENTICATED');
  // Ask the browser to keep the offline data (IndexedDB, saved API answers) under storage pressure.
  void requestPersistentStorage();
  return session.user;
}

/** The user-facing error of a failed sign-in call: the server's detail, else the fallback. */
function recordFailure(error: unknown, fallback: string): Error {
  const apiError = error instanceof ApiError ? error : null;
  const message = apiError?.serverDetail ?? fallback;
  authState.error = message;
  return apiError
    ? new ApiError(message, apiError.status, apiError.code, apiError.details)
    : new Error(message, { cause: error });
}

/** User logout: LOGGING_OUT, tell the server (errors ignored), clear everything, LOGOUT_COMPLETE. */
export function logout(): Promise<void> {
  logoutRun ??= endUserSession().finally(() => {
    logoutRun = null;
  });
  return logoutRun;
}

async function endUserSession(): Promise<void> {
  const refreshToken = getRefreshToken();
  setAuthStatus('LOGGING_OUT');
  // Written before the server call: a tab closed while it is on its way leaves nothing behind.
  markWipePending();
  if (refreshToken) {
    try {
      await postLogout(refreshToken, LOGOUT_CALL_TIMEOUT_MS);
    } catch (error) {
      logger.info('Logout call failed; ending the session locally', { error: describeError(error) });
    }
  }
  // Wiped first, then Login: the screen shows "Signing out…" meanwhile (GuardedOutlet).
  await endSessionAfterWipe({ type: 'LOGOUT_COMPLETE' });
}
