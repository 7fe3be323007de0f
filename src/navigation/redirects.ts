/**
 * Where a user is sent after signing in, and how a return address travels through Login
 * (spec 000 §2). Shared by the navigation guard (src/app/guard.ts) and the Login and Register
 * screens, which is why it sits below both.
 */
import type { SessionEndReason } from '../contract/account';
import type { User } from '../contract/auth';
import { isSystemAdminRole } from '../contract/auth';
import { ADMIN_HOME_PATH, DASHBOARD_PATH, LOGIN_PATH, classifyPath } from './route-access';

const SAME_ORIGIN_PROBE = 'http://mosaic.invalid';

/**
 * The redirect query is user-controlled (anyone can craft a link to /login?redirect=…), so only
 * same-origin paths are honoured: they must start with a single '/', and must not point back at
 * Login/Register (which would loop).
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters and backslashes let some browsers reinterpret the URL as protocol-relative.
  if (raw.includes('\\') || [...raw].some((ch) => ch.charCodeAt(0) < 0x20)) return null;
  let url: URL;
  try {
    url = new URL(raw, SAME_ORIGIN_PROBE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_ORIGIN_PROBE) return null;
  if (classifyPath(url.pathname) === 'auth-page') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function homePathFor(role: User['role'] | undefined): string {
  return isSystemAdminRole(role) ? ADMIN_HOME_PATH : DASHBOARD_PATH;
}

export function loginPathWithRedirect(originalPathAndSearch: string, expired = false, reason?: SessionEndReason): string {
  const params = new URLSearchParams({ redirect: originalPathAndSearch });
  if (expired) params.set('expired', 'true');
  if (reason) params.set('reason', reason);
  return `${LOGIN_PATH}?${params.toString()}`;
}
