/**
 * The signed-in person's own account (every role, no space; docs/server.md): name, password,
 * email and the devices signed in; and the confirmation of a new email address, which the link
 * sent to it calls (it proves the inbox, so no sign-in is needed). Methods and paths are in
 * account-routes.ts; the answers' schemas in account-schemas.ts.
 */
import { z } from 'zod';
import { accountLinkToken, currentPasswordSchema, displayName, newPasswordSchema } from './account-fields';
import { accountSessionsSchema, emailConfirmedSchema, messageAnswerSchema, otherSessionsRevokedSchema } from './account-schemas';
import { emailSchema } from './email-address';
import type { EndpointDeclaration } from './endpoint';
import { userSchema } from './session-answers';

const tags = ['account'];
const bearer = { tags, auth: 'bearer' } as const;

export const ACCOUNT_DECLARATIONS = {
  updateProfile: {
    ...bearer,
    summary: 'Change your name',
    body: z.object({ name: displayName('Name') }),
    answers: { 200: userSchema },
    errors: [401, 422],
  },
  changePassword: {
    ...bearer,
    summary: 'Change your password (the current one is required); signs out your other sessions',
    body: z.object({ current_password: currentPasswordSchema, new_password: newPasswordSchema }),
    answers: { 204: z.null() },
    errors: [401, 422, 429],
  },
  changeEmail: {
    ...bearer,
    summary: 'Ask to change your email: a confirmation link goes to the new address, a notice to the current one',
    body: z.object({ new_email: emailSchema, current_password: currentPasswordSchema }),
    answers: { 202: messageAnswerSchema },
    errors: [401, 422, 429],
  },
  confirmEmail: {
    tags,
    auth: 'public',
    summary: 'Confirm a new email address with the link sent to it',
    body: z.object({ token: accountLinkToken }),
    answers: { 200: emailConfirmedSchema },
    errors: [404, 409, 410, 422, 429],
  },
  sessions: {
    ...bearer,
    summary: 'The devices signed in to your account, this one first: at most ACCOUNT_SESSIONS_MAX (signing in on one more signs out the one used least recently)',
    answers: { 200: accountSessionsSchema },
    errors: [401],
  },
  revokeSession: {
    ...bearer,
    summary: 'Sign one of your devices out',
    // Any text: a malformed id is 'not found' like an unknown one (the service checks).
    params: z.object({ id: z.string() }),
    answers: { 204: z.null() },
    errors: [401, 404],
  },
  revokeOtherSessions: {
    ...bearer,
    summary: 'Sign out every one of your devices except this one',
    answers: { 200: otherSessionsRevokedSchema },
    // 409: the caller's own session is not known, so "the others" cannot be told apart.
    errors: [401, 409],
  },
} satisfies Record<string, EndpointDeclaration>;

export type AccountDeclarations = typeof ACCOUNT_DECLARATIONS;
