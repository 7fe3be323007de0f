// The wire schemas of sign-in are in session-answers.ts: every page loads this file (roles, the
// state machine), and only the screens that check those answers need the schema library.

/** Every role of spec 000 §6, as the server sends them. */
export const ROLES = ['system_admin', 'support_admin', 'org_owner', 'org_admin', 'org_member'] as const;
export type Role = (typeof ROLES)[number];

/** The user record returned by login, register and /me (spec 000 §3; userSchema checks it). */
export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
  org_id: string | null;
}

/** Auth state machine values (spec 000 §4). */
export type AuthStatus = 'INITIALIZING' | 'UNAUTHENTICATED' | 'AUTHENTICATED' | 'REFRESHING' | 'LOGGING_OUT';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** 'Admin' means system_admin or support_admin (spec 000 §6). */
export const isAdminRole = (role: Role | undefined | null): boolean =>
  role === 'system_admin' || role === 'support_admin';

export const isSystemAdminRole = (role: Role | undefined | null): boolean => role === 'system_admin';

/** Owners and admins manage members, see the plan card and may create spaces. */
export const isOrgManagerRole = (role: Role | undefined | null): boolean =>
  role === 'org_owner' || role === 'org_admin';

export const isOrgMemberRole = (role: Role | undefined | null): boolean =>
  role === 'org_owner' || role === 'org_admin' || role === 'org_member';
