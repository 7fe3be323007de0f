/**
 * Shapes of the sign-in responses (spec 000 §3, §7), checked at the edge so a malformed answer
 * fails loudly instead of leaving a half-stored session. Plain checks (src/lib/response-shape.ts)
 * because these load with the Login screen.
 */
import { asSchema, idString, isNonEmptyString, isPlainObject, isString, optionalOk } from '../../lib/response-shape';
import { checkTokenPair } from '../../session/token-pair';
import type { Role, TokenPair, User } from '../../contract/auth';

const ROLES: readonly Role[] = ['system_admin', 'support_admin', 'org_owner', 'org_admin', 'org_member'];
const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

function checkUser(value: unknown): User | undefined {
  if (!isPlainObject(value)) return undefined;
  const id = idString(value.id);
  const { email, name, role, org_id: orgId } = value;
  if (id === undefined || !isString(email) || !isString(name) || !isRole(role)) return undefined;
  if (orgId !== undefined && orgId !== null && idString(orgId) === undefined) return undefined;
  return { id, email, name, role, org_id: orgId === undefined || orgId === null ? null : String(orgId) };
}

export interface SessionResponse extends TokenPair {
  user: User;
}

/** Roles an invite can give (the server refuses to invite an owner). */
export type InvitedRole = Extract<Role, 'org_admin' | 'org_member'>;
const INVITED_ROLES: readonly InvitedRole[] = ['org_admin', 'org_member'];
const isInvitedRole = (value: unknown): value is InvitedRole => INVITED_ROLES.includes(value as InvitedRole);

/**
 * GET /register/check-domain (spec 000 §3, §7): has_existing_org, and organization_name so the
 * form can offer "Join {org}". The same for every address of a domain: nothing about invites.
 */
export interface DomainCheck {
  has_existing_org: boolean;
  organization_name?: string;
}

/** GET /register/invitation?token=…: where an invite link leads, as what, and for which address. */
export interface Invitation {
  organization_name: string;
  role: InvitedRole;
  email: string;
  expires_at: string;
}

export interface DomainRegistration {
  message?: string;
  access_token?: string;
  refresh_token?: string;
  user?: User;
}

export const userSchema = asSchema(checkUser);

export const sessionResponseSchema = asSchema<SessionResponse>((value) => {
  const tokens = checkTokenPair(value);
  const user = isPlainObject(value) ? checkUser(value.user) : undefined;
  return tokens && user ? { ...tokens, user } : undefined;
});

export const domainCheckSchema = asSchema<DomainCheck>((value) => {
  if (!isPlainObject(value) || typeof value.has_existing_org !== 'boolean') return undefined;
  const { organization_name: name } = value;
  if (!optionalOk(name, isString)) return undefined;
  return name === undefined ? { has_existing_org: value.has_existing_org } : { has_existing_org: value.has_existing_org, organization_name: name as string };
});

export const invitationSchema = asSchema<Invitation>((value) => {
  if (!isPlainObject(value)) return undefined;
  const { organization_name: name, role, email, expires_at: expiresAt } = value;
  if (!isNonEmptyString(name) || !isInvitedRole(role) || !isNonEmptyString(email) || !isNonEmptyString(expiresAt)) return undefined;
  return { organization_name: name, role, email, expires_at: expiresAt };
});

/** with-domain answers either a message (join request) or a full session (new organisation). */
export const domainRegistrationSchema = asSchema<DomainRegistration>((value) => {
  if (!isPlainObject(value)) return undefined;
  const { message, access_token: access, refresh_token: refresh } = value;
  if (!optionalOk(message, isString) || !optionalOk(access, isNonEmptyString) || !optionalOk(refresh, isNonEmptyString)) {
    return undefined;
  }
  const user = value.user === undefined ? undefined : checkUser(value.user);
  if (value.user !== undefined && user === undefined) return undefined;
  return {
    ...(message !== undefined ? { message: message as string } : {}),
    ...(access !== undefined ? { access_token: access as string } : {}),
    ...(refresh !== undefined ? { refresh_token: refresh as string } : {}),
    ...(user ? { user } : {}),
  };
});
