import type { AuthStatus, User } from '../contract/auth';
import { isAdminRole, isOrgManagerRole, isSystemAdminRole } from '../contract/auth';
import {
  ADMIN_HOME_PATH,
  DASHBOARD_PATH,
  LOGIN_PATH,
  ORG_ADMIN_HOME_PATH,
  SPACE_INIT_FAILED_ERROR,
  classifyPath,
  isAtOrBelow,
  needsCurrentSpace,
} from './route-access';

export interface NavigationContext {
  /** location.pathname */
  path: string;
  /** location.search, with or without the leading '?' */
  search: string;
  auth: { status: AuthStatus; user: Pick<User, 'role'> | null };
  spaces: { initialized: boolean; currentSpaceId: string | null; count: number };
}

export type NavigationDecision = { redirect: string } | null;

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

export function loginPathWithRedirect(originalPathAndSearch: string, expired = false): string {
  const params = new URLSearchParams({ redirect: originalPathAndSearch });
  if (expired) params.set('expired', 'true');
  return `${LOGIN_PATH}?${params.toString()}`;
}

function withLeadingQuestionMark(search: string): string {
  if (!search || search === '?') return '';
  return search.startsWith('?') ? search : `?${search}`;
}

/**
 * The navigation guard of spec 000 §2 as a pure function: given where the user is going and what
 * the auth and spaces stores hold, says where to send them instead (or null to let them through).
 */
export function decideNavigation(ctx: NavigationContext): NavigationDecision {
  const { path, auth, spaces } = ctx;
  const search = withLeadingQuestionMark(ctx.search);
  const query = new URLSearchParams(search);
  const access = classifyPath(path);

  // Auth is initialised before the first navigation: nothing is decided until it has been.
  if (auth.status === 'INITIALIZING') return null;

  const signedIn = auth.status === 'AUTHENTICATED' && auth.user !== null;
  const role = auth.user?.role;

  if (access === 'auth-page') {
    if (!signedIn) return null; // also while REFRESHING or LOGGING_OUT
    return { redirect: safeRedirectTarget(query.get('redirect')) ?? homePathFor(role) };
  }

  if (access === 'public') return null;

  if (access === 'root') {
    return { redirect: signedIn ? homePathFor(role) : LOGIN_PATH };
  }

  if (!signedIn) {
    // A logout in progress is leaving the app, so there is nothing to come back to afterwards.
    if (auth.status === 'LOGGING_OUT') return { redirect: LOGIN_PATH };
    return { redirect: loginPathWithRedirect(`${path}${search}`) };
  }

  if (access === 'admin') {
    if (isAdminRole(role)) return null;
    // Spec 000 §2 sends org roles to the org-admin area; only owners and admins may enter it, so
    // members go straight to where that area would send them (the Dashboard) instead of bouncing twice.
    return { redirect: isOrgManagerRole(role) ? ORG_ADMIN_HOME_PATH : DASHBOARD_PATH };
  }

  if (access === 'org-admin') {
    if (isOrgManagerRole(role)) return null;
    return { redirect: isAdminRole(role) ? ADMIN_HOME_PATH : DASHBOARD_PATH };
  }

  if (access === 'workspace' && isSystemAdminRole(role)) return { redirect: ADMIN_HOME_PATH };

  if (!isSystemAdminRole(role) && needsCurrentSpace(path)) {
    const hasSpace = spaces.initialized && spaces.currentSpaceId !== null && spaces.count > 0;
    const alreadyReported =
      isAtOrBelow(path, DASHBOARD_PATH) && query.get('error') === SPACE_INIT_FAILED_ERROR;
    if (!hasSpace && !alreadyReported) {
      return { redirect: `${DASHBOARD_PATH}?error=${SPACE_INIT_FAILED_ERROR}` };
    }
  }

  return null;
}
