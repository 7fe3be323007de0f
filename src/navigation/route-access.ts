/**
 * Who may open which path (spec 000 §2 route table). Kept apart from the route objects so the
 * navigation guard stays a pure function that tests can drive without rendering anything.
 */
export type RouteAccess =
  /** '/' — sends each user to their own home. */
  | 'root'
  /** Login and Register: no sign-in needed; signed-in users are sent on. */
  | 'auth-page'
  /** Pricing, and unknown paths (the friendly 404 page is for everyone). */
  | 'public'
  /** Workspace screens: signed in, not system admin. */
  | 'workspace'
  /** Settings: every signed-in role. */
  | 'signed-in'
  /** /admin*: system_admin or support_admin. */
  | 'admin'
  /** /org-admin*: org_owner or org_admin. */
  | 'org-admin';

export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
export const DASHBOARD_PATH = '/dashboard';
export const ADMIN_HOME_PATH = '/admin/dashboard';
export const ORG_ADMIN_HOME_PATH = '/org-admin/dashboard';
export const SPACE_INIT_FAILED_ERROR = 'space-init-failed';

/** True for `base` itself and anything below it ('/agents', '/agents/x'), but not '/agents-x'. */
export function isAtOrBelow(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

const WORKSPACE_BASES = [
  '/dashboard',
  '/connections',
  '/ga4-setup',
  '/knowledge-base',
  '/assets',
  '/agents',
  '/agent-mode',
  '/workspace-settings',
  '/credits',
];

/** Screens that read space-scoped data and so need a current space (spec 000 §2 guard). */
const SPACE_BOUND_BASES = ['/agents', '/knowledge-base', '/assets', '/dashboard'];

export function classifyPath(path: string): RouteAccess {
  if (path === '/' || path === '') return 'root';
  if (isAtOrBelow(path, LOGIN_PATH) || isAtOrBelow(path, REGISTER_PATH)) return 'auth-page';
  if (isAtOrBelow(path, '/pricing')) return 'public';
  if (isAtOrBelow(path, '/settings')) return 'signed-in';
  if (isAtOrBelow(path, '/admin')) return 'admin';
  if (isAtOrBelow(path, '/org-admin')) return 'org-admin';
  if (WORKSPACE_BASES.some((base) => isAtOrBelow(path, base))) return 'workspace';
  return 'public';
}

export function needsCurrentSpace(path: string): boolean {
  return SPACE_BOUND_BASES.some((base) => isAtOrBelow(path, base));
}
