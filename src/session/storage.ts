/**
 * Session persistence in localStorage (spec 000 §3). localStorage is shared by every tab of the
 * origin, which is what lets tabs share one session (see src/api/cross-tab-sync.ts).
 */
import type { TokenPair, User } from './wire-types';

export const ACCESS_TOKEN_KEY = 'ma_access_token';
export const REFRESH_TOKEN_KEY = 'ma_refresh_token';
export const AUTH_USER_KEY = 'ma_auth_user';
export const CURRENT_SPACE_KEY = 'currentSpaceId';

/** Every key a session leaves behind; all are removed on logout and expiry (spec 000 §4). */
export const SESSION_KEYS = [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, AUTH_USER_KEY, CURRENT_SPACE_KEY] as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes); behave as "nothing stored".
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Quota or privacy mode: the session then lives only as long as this page.
  }
}

export const getAccessToken = (): string | null => read(ACCESS_TOKEN_KEY);
export const getRefreshToken = (): string | null => read(REFRESH_TOKEN_KEY);

export function storeTokens(tokens: TokenPair): void {
  write(ACCESS_TOKEN_KEY, tokens.access_token);
  write(REFRESH_TOKEN_KEY, tokens.refresh_token);
}

export function hasStoredSession(): boolean {
  return getAccessToken() !== null || getRefreshToken() !== null;
}

export function storeUser(user: User): void {
  write(AUTH_USER_KEY, JSON.stringify(user));
}

export function readStoredUser(): User | null {
  const raw = read(AUTH_USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export const getSavedSpaceId = (): string | null => read(CURRENT_SPACE_KEY);
export const saveSpaceId = (id: string | null): void => write(CURRENT_SPACE_KEY, id);

/**
 * Every key of a signed-in person's data starts with this (spec 000 §3: the `ma_` keys). Features
 * add their own (`ma_ga4_selected_property:<space>`, `ma_notifications_opt_in`, the drafts' copies
 * in sessionStorage `ma_draft_copy:<chat>`); all go with the session, here, whatever feature code
 * has loaded — a feature's own clean-up only runs once its code is in the page. Device preferences
 * (the sidebar's `mosaic.` keys) stay.
 */
export const USER_KEY_PREFIX = 'ma_';

function removeUserKeys(storage: () => Storage): void {
  try {
    const store = storage();
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) if (key?.startsWith(USER_KEY_PREFIX)) store.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept in it either.
  }
}

/** The session's keys and every `ma_` key, in localStorage and in this tab's sessionStorage. */
export function clearSessionStorage(): void {
  for (const key of SESSION_KEYS) write(key, null);
  // Read lazily: touching a storage that is unavailable throws.
  removeUserKeys(() => localStorage);
  removeUserKeys(() => sessionStorage);
}
