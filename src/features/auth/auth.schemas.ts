/**
 * Shapes of the sign-in responses (spec 000 §3, §7), checked at the edge so a malformed answer
 * fails loudly instead of leaving a half-stored session. Plain checks (src/lib/response-shape.ts)
 * because these load with the Login screen.
 */
import { asSchema, idString, isNonEmptyString, isPlainObject, isString, optionalOk } from '../../lib/response-shape';
import type { Role, TokenPair, User } from './auth.types';

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

function checkTokenPair(value: unknown): TokenPair | undefined {
  if (!isPlainObject(value) || !isNonEmptyString(value.access_token) || !isNonEmptyString(value.refresh_token)) {
    return undefined;
  }
  return { access_token: value.access_token, refresh_token: value.refresh_token };
}

export interface SessionResponse extends TokenPair {
  user: User;
}

export interface DomainCheck {
  has_existing_org: boolean;
  organization_name?: string;
}

export interface DomainRegistration {
  message?: string;
  access_token?: string;
  refresh_token?: string;
  user?: User;
}

export const userSchema = asSchema(checkUser);
export const tokenPairSchema = asSchema(checkTokenPair);

export const sessionResponseSchema = asSchema<SessionResponse>((value) => {
  const tokens = checkTokenPair(value);
  const user = isPlainObject(value) ? checkUser(value.user) : undefined;
  return tokens && user ? { ...tokens, user } : undefined;
});

export const domainCheckSchema = asSchema<DomainCheck>((value) => {
  if (!isPlainObject(value) || typeof value.has_existing_org !== 'boolean') return undefined;
  if (!optionalOk(value.organization_name, isString)) return undefined;
  const name = value.organization_name as string | undefined;
  return name === undefined ? { has_existing_org: value.has_existing_org } : { has_existing_org: value.has_existing_org, organization_name: name };
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
