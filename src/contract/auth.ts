/**
 * Roles and their permission checks, the user record and the auth states (spec 000 §3, §4, §6).
 * Every page loads this file, so it holds no schemas: the sign-in answers' schemas are in
 * session-answers.ts, loaded only by the screens that check them.
 */

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
