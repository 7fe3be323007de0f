/**
 * Sign-in calls (spec 000 §7). Responses are checked (auth.schemas.ts); a malformed answer is an error,
 * never a half-stored session.
 */
import type { ShapeSchema } from '../../lib/response-shape';
import { callEndpoint } from '../../api';
import type { User } from '../../contract/auth';
import { AUTH_ROUTES } from '../../contract/auth-routes';
import { REGISTRATION_ROUTES } from '../../contract/registration-routes';
import {
  domainCheckSchema,
  domainRegistrationSchema,
  invitationSchema,
  sessionResponseSchema,
  userSchema,
  type DomainCheck,
  type Invitation,
  type SessionResponse,
} from './auth.schemas';

export interface RegisterInput {
  email: string;
  password: string;
  name: string;
  /** Left out with an invite link: registering joins the inviting organisation instead. */
  org_name?: string;
  /** The `invite` parameter of an invite link. */
  invite_token?: string;
}

export interface DomainRegisterInput {
  email: string;
  password: string;
  name: string;
  choice: 'join_existing' | 'create_new';
  org_name?: string;
}

/** Thrown when the server answered 2xx with something that is not the documented shape. */
export class MalformedResponseError extends Error {}

function parse<T>(schema: ShapeSchema<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new MalformedResponseError(`Unexpected ${what} response from server`);
  return result.data;
}

export async function postLogin(email: string, password: string): Promise<SessionResponse> {
  return parse(sessionResponseSchema, await callEndpoint(AUTH_ROUTES.login, { body: { email, password } }), 'login');
}

export async function postRegister(input: RegisterInput): Promise<SessionResponse> {
  return parse(sessionResponseSchema, await callEndpoint(REGISTRATION_ROUTES.register, { body: input }), 'registration');
}

export async function getDomainCheck(email: string): Promise<DomainCheck> {
  const body = await callEndpoint(REGISTRATION_ROUTES.checkDomain, { query: { email } });
  return parse(domainCheckSchema, body, 'domain check');
}

/** The invitation behind an invite link (the token is its secret: sent only to this look-up). */
export async function getInvitation(token: string): Promise<Invitation> {
  return parse(invitationSchema, await callEndpoint(REGISTRATION_ROUTES.invitation, { query: { token } }), 'invitation');
}

export type DomainRegistration = { message?: string; session?: SessionResponse };

export async function postRegisterWithDomain(input: DomainRegisterInput): Promise<DomainRegistration> {
  const raw = await callEndpoint(REGISTRATION_ROUTES.withDomain, { body: input });
  const { message, access_token, refresh_token, user } = parse(domainRegistrationSchema, raw, 'registration');
  if (access_token && refresh_token && user) {
    return { ...(message ? { message } : {}), session: { access_token, refresh_token, user } };
  }
  return message ? { message } : {};
}

export async function getMe(): Promise<User> {
  return parse(userSchema, await callEndpoint(AUTH_ROUTES.me), 'user');
}

/** Revokes the refresh token's session family on the server. */
export async function postLogout(refreshToken: string, timeoutMs: number): Promise<void> {
  await callEndpoint(AUTH_ROUTES.logout, { body: { refresh_token: refreshToken } }, { timeoutMs });
}
