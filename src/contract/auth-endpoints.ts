/**
 * Signing in and out (spec 000 §3, §7; docs/server.md), the password reset link and single sign-on
 * (docs/sso.md): per endpoint its schemas, the error statuses it answers and its OpenAPI
 * description; methods and paths are in auth-routes.ts. All but /me are called without an access
 * token: the rate limits the server puts in front of them are its own (server/src/routes/auth/).
 */
import { z } from 'zod';
import { accountLinkToken, newPasswordSchema } from './account-fields';
import { messageAnswerSchema } from './account-schemas';
import { emailSchema } from './email-address';
import type { EndpointDeclaration } from './endpoint';
import { requiredText } from './required-text';
import { sessionAnswerSchema, tokenAnswerSchema, userSchema } from './session-answers';
import { ssoCompleteAnswerSchema, ssoCompleteBodySchema, ssoLookupSchema } from './sso-schemas';

/** POST /login. */
const loginBody = z.object({
  email: emailSchema,
  password: z
    .string(requiredText('Password'))
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});

/** POST /refresh and POST /logout: the refresh token of the session. */
const refreshBody = z.object({
  refresh_token: z.string(requiredText('Refresh token')).min(1, 'Refresh token is required').max(512),
});

/** An in-app path only ('/agents?x=1'), never another site ('//evil', 'https://…'). */
const returnToSchema = z
  .string()
  .max(500)
  .optional()
  .transform((value) => (value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null));

const auth = { tags: ['auth'], auth: 'public' } as const;
const sso = { tags: ['sso'], auth: 'public' } as const;
/** What a browser navigation answers: a redirect, its body empty. */
const redirect = { 302: z.null() };

export const AUTH_DECLARATIONS = {
  login: {
    ...auth,
    summary: 'Sign in with email and password',
    body: loginBody,
    answers: { 200: sessionAnswerSchema },
    errors: [401, 422, 429],
  },
  refresh: {
    ...auth,
    summary: 'Exchange a refresh token for a new token pair (the old one stops working)',
    body: refreshBody,
    answers: { 200: tokenAnswerSchema },
    errors: [401, 422, 429],
  },
  logout: {
    ...auth,
    summary: "Sign out: revokes the refresh token's whole family",
    body: refreshBody,
    answers: { 204: z.null() },
    errors: [422],
  },
  me: {
    tags: ['auth'],
    auth: 'bearer',
    summary: 'The signed-in user',
    answers: { 200: userSchema },
    errors: [401],
  },
  forgotPassword: {
    ...auth,
    summary: 'Email a single-use password reset link (the same answer whether or not the address has an account)',
    body: z.object({ email: emailSchema }),
    answers: { 202: messageAnswerSchema },
    errors: [422, 429],
  },
  resetPassword: {
    ...auth,
    summary: 'Choose a new password with a reset link; signs the account out everywhere',
    body: z.object({ token: accountLinkToken, password: newPasswordSchema }),
    answers: { 204: z.null() },
    errors: [404, 410, 422, 429],
  },
  ssoLookup: {
    ...sso,
    summary: "Whether the email's domain signs in through its organisation's identity provider (the same for every address of a domain)",
    query: z.object({ email: emailSchema }),
    answers: { 200: ssoLookupSchema },
    errors: [422, 429],
  },
  ssoStart: {
    ...sso,
    summary: "Starts signing in at the identity provider of the email's organisation (a redirect there)",
    query: z.object({ email: emailSchema, redirect: returnToSchema }),
    answers: redirect,
    errors: [422, 429],
  },
  ssoCallback: {
    ...sso,
    summary: 'Where the identity provider sends the browser back (the redirect URI to register with it)',
    query: z.record(z.string(), z.string()),
    answers: redirect,
    errors: [],
  },
  ssoComplete: {
    ...sso,
    summary: "Exchanges the one-time hand-over code (from the app page's address) for a session",
    body: ssoCompleteBodySchema,
    answers: { 200: ssoCompleteAnswerSchema },
    errors: [401, 403, 422, 429],
  },
} satisfies Record<string, EndpointDeclaration>;

export type AuthDeclarations = typeof AUTH_DECLARATIONS;
