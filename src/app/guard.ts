import type { AuthStatus, User } from '../contract/auth';
import { isAdminRole, isOrgManagerRole, isSystemAdminRole } from '../contract/auth';
import { homePathFor, loginPathWithRedirect, safeRedirectTarget } from '../navigation/redirects';
import {
  ADMIN_HOME_PATH,
  DASHBOARD_PATH,
  LOGIN_PATH,
  ORG_ADMIN_HOME_PATH,
  SPACE_INIT_FAILED_ERROR,
  classifyPath,
  isAtOrBelow,
  needsCurrentSpace,
} from '../navigation/route-access';

export interface NavigationContext {
  /** location.pathname */
  path: string;
  /** location.search, with or without the leading '?' */
  search: string;
  auth: { status: AuthStatus; user: Pick<User, 'role'> | null };
  spaces: { initialized: boolean; currentSpaceId: string | null; count: number };
}

export type NavigationDecision = { redirect: string } | null;

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
