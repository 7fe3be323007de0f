import type { SessionEndReason } from '../contract/account';
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
  auth: { status: AuthStatus; user: Pick<User, 'role'> | null; endReason?: SessionEndReason | null; sessionExpired?: boolean };
  spaces: { initialized: boolean; currentSpaceId: string | null; count: number };
}

export type NavigationDecision = { redirect: string } | null;

const isOrgRole = (role: User['role'] | undefined) => role === 'org_owner' || role === 'org_admin' || role === 'org_member';
const isOrgAdminDashboard = (path: string) => path === ORG_ADMIN_HOME_PATH || path === '/org-admin' || path === '/org-admin/';

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
  // A token refresh under way is still the same signed-in person: the screen they open waits for it
  // with the rest of the app (its calls join the shared refresh), and only a refresh that ends the
  // session leads to Login. Spec 000 §2 sends a navigation made meanwhile to Login, which on a slow
  // network showed the sign-in form for as long as the refresh took (docs/pwa.md "Network conditions").
  const stillSignedIn = signedIn || (auth.status === 'REFRESHING' && auth.user !== null);
  const role = auth.user?.role;

  if (access === 'auth-page') {
    if (!signedIn) return null; // also while REFRESHING or LOGGING_OUT
    return { redirect: safeRedirectTarget(query.get('redirect')) ?? homePathFor(role) };
  }

  if (access === 'public') return null;

  if (access === 'root') {
    return { redirect: signedIn ? homePathFor(role) : LOGIN_PATH };
  }

  if (!stillSignedIn) {
    // A logout in progress is leaving the app, so there is nothing to come back to afterwards.
    if (auth.status === 'LOGGING_OUT') return { redirect: LOGIN_PATH };
    // A session that ended on its own: Login says so (and why, when the server said: a suspension).
    const reason = auth.endReason ?? undefined;
    return { redirect: loginPathWithRedirect(`${path}${search}`, auth.sessionExpired === true || reason !== undefined, reason) };
  }

  if (access === 'admin') {
    if (isAdminRole(role)) return null;
    // Spec 000 §2: org_owner, org_admin and org_member go to the organisation admin dashboard.
    return { redirect: isOrgRole(role) ? ORG_ADMIN_HOME_PATH : DASHBOARD_PATH };
  }

  if (access === 'org-admin') {
    if (isOrgManagerRole(role)) return null;
    // Spec 000 §2's guard admits members too (a membership flag); Mosaic lets them into the
    // dashboard only, a read-only view of their organisation and whom to ask. Managing users is
    // for owners and admins (the server refuses members), so Manage Users sends them there.
    if (role === 'org_member') return isOrgAdminDashboard(path) ? null : { redirect: ORG_ADMIN_HOME_PATH };
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
