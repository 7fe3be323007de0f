import { z } from 'zod';
import { wireId } from './wire';

/** Every role of spec 000 §6, as the server sends them. */
export const ROLES = ['system_admin', 'support_admin', 'org_owner', 'org_admin', 'org_member'] as const;
export type Role = (typeof ROLES)[number];

/** The user record returned by login, register and /me (spec 000 §3). */
export const userSchema = z.object({
  id: wireId,
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  org_id: wireId.nullable(),
});
export type User = z.infer<typeof userSchema>;

/** POST /refresh → a new pair; POST /login and /register add the user (sessionAnswerSchema). */
export const tokenAnswerSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
});
export const sessionAnswerSchema = tokenAnswerSchema.extend({ user: userSchema });

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
