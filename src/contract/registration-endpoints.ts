/**
 * Registration (spec 000 §3, §7; docs/server.md): a new organisation and its owner, joining through
 * an invite link, and the look-ups the Register screen makes as an address is typed. Public, rate
 * limited by the server. Methods and paths are in registration-routes.ts.
 */
import { z } from 'zod';
import { displayName, newPasswordSchema } from './account-fields';
import { emailSchema } from './email-address';
import type { EndpointDeclaration } from './endpoint';
import { ORG_NAME_MAX_CHARS, ORGANIZATION_TEXTS } from './organization';
import { INVITE_ROLES } from './orgs';
import { requiredText } from './required-text';
import { sessionAnswerSchema } from './session-answers';

const accountFields = {
  email: emailSchema,
  password: newPasswordSchema,
  name: displayName('Name'),
};

/** Secrets are 43 characters; anything much longer is not one of ours. */
const INVITE_TOKEN_MAX_LENGTH = 200;

/**
 * Missing, null or blank are all allowed here: with an invite link no name is needed, which the
 * server decides (it answers 422 'Organisation name is required' on this field otherwise).
 */
const orgName = z
  .string(requiredText('Organisation name'))
  .trim()
  .max(ORG_NAME_MAX_CHARS, ORGANIZATION_TEXTS.nameTooLong)
  .nullish()
  .describe('Name of the new organisation: required unless invite_token is sent, which makes it ignored');

const inviteToken = z
  .string(requiredText('Invite token'))
  .trim()
  .min(1, 'Invite token is required')
  .max(INVITE_TOKEN_MAX_LENGTH, 'This is not an invite token');

/** POST /register. */
const registerBody = z.object({
  ...accountFields,
  org_name: orgName,
  invite_token: inviteToken
    .optional()
    .describe('The `invite` parameter of an invite link: joins the inviting organisation with the invited role'),
});

/** POST /register/with-domain. */
const withDomainBody = z.object({
  ...accountFields,
  choice: z.enum(['join_existing', 'create_new'], { error: "Choice must be 'join_existing' or 'create_new'" }),
  org_name: orgName,
});

/** Spec 000 §7 has_existing_org; organization_name lets the form offer "Join {org}". */
const domainCheckSchema = z.object({ has_existing_org: z.boolean(), organization_name: z.string().optional() });

const invitationSchema = z.object({
  organization_name: z.string().describe('The inviting organisation'),
  role: z.enum(INVITE_ROLES).describe('The role the invite gives'),
  email: z.string().describe('The invited address: the only one this link registers'),
  expires_at: z.string(),
});

const common = { tags: ['registration'], auth: 'public' } as const;

export const REGISTRATION_DECLARATIONS = {
  register: {
    ...common,
    summary: 'Create an organisation and its owner and sign in; with an invite link, join the inviting organisation instead',
    body: registerBody,
    answers: { 201: sessionAnswerSchema },
    errors: [404, 409, 410, 422, 429],
  },
  checkDomain: {
    ...common,
    summary: "Whether an organisation already uses the email's domain (the same answer for every address of the domain)",
    query: z.object({ email: emailSchema }),
    answers: { 200: domainCheckSchema },
    errors: [422, 429],
  },
  invitation: {
    ...common,
    summary: 'The invitation behind an invite link: organisation, role and invited address',
    query: z.object({ token: inviteToken }),
    answers: { 200: invitationSchema },
    errors: [404, 410, 422, 429],
  },
  withDomain: {
    ...common,
    summary: "Ask to join the organisation of the email's domain (pending approval) or create a new one",
    body: withDomainBody,
    // A request to join gets no session, only the message to show.
    answers: { 201: sessionAnswerSchema, 202: z.object({ message: z.string() }) },
    errors: [404, 409, 422, 429],
  },
} satisfies Record<string, EndpointDeclaration>;

export type RegistrationDeclarations = typeof REGISTRATION_DECLARATIONS;
