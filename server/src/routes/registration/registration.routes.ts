import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appUrlFor } from '../../mail/fastify-mail';
import { authRateLimit, lookupRateLimit } from '../../plugins/rate-limit';
import { checkDomain, joinExistingOrganisation, registerOrganisation, type RegistrationContext } from '../../services/registration/registration.service';
import { previewInvitation } from '../../services/orgs/invitation-links.service';
import { sessionAnswerSchema } from '../../../../src/contract/session-answers';
import { INVITE_ROLES } from '../../../../src/contract/orgs';
import { displayName, emailSchema, errorResponses, newPasswordSchema, requiredText } from '../common.schemas';
import type { RouteDeps } from '../deps';

const accountFields = {
  email: emailSchema,
  password: newPasswordSchema,
  name: displayName('Name'),
};

const ORG_NAME_MAX_LENGTH = 100;
/** Secrets are 43 characters; anything much longer is not one of ours. */
const INVITE_TOKEN_MAX_LENGTH = 200;

/**
 * Missing, null or blank are all allowed here: with an invite link no name is needed, which the
 * service decides (it answers 422 'Organisation name is required' on this field otherwise).
 */
const orgName = z
  .string(requiredText('Organisation name'))
  .trim()
  .max(ORG_NAME_MAX_LENGTH, `Organisation name must be at most ${ORG_NAME_MAX_LENGTH} characters`)
  .nullish()
  .describe('Name of the new organisation: required unless invite_token is sent, which makes it ignored');

const inviteToken = z
  .string(requiredText('Invite token'))
  .trim()
  .min(1, 'Invite token is required')
  .max(INVITE_TOKEN_MAX_LENGTH, 'This is not an invite token');

const registerBody = z.object({
  ...accountFields,
  org_name: orgName,
  invite_token: inviteToken
    .optional()
    .describe('The `invite` parameter of an invite link: joins the inviting organisation with the invited role'),
});

const withDomainBody = z.object({
  ...accountFields,
  choice: z.enum(['join_existing', 'create_new'], { error: "Choice must be 'join_existing' or 'create_new'" }),
  org_name: orgName,
});

/** Spec 000 §7 has_existing_org; organization_name lets the form offer "Join {org}". */
const domainCheck = z.object({ has_existing_org: z.boolean(), organization_name: z.string().optional() });

const invitation = z.object({
  organization_name: z.string().describe('The inviting organisation'),
  role: z.enum(INVITE_ROLES).describe('The role the invite gives'),
  email: z.string().describe('The invited address: the only one this link registers'),
  expires_at: z.string(),
});

/** POST /register, GET /register/check-domain, GET /register/invitation, POST /register/with-domain. */
export const registrationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, sessions, mail, rateLimits }) => {
  const limit = authRateLimit(rateLimits, config.authRateLimitMax);
  const lookupLimit = lookupRateLimit(rateLimits, config.authRateLimitMax);
  const contextOf = (request: FastifyRequest): RegistrationContext => ({
    mail,
    appUrl: appUrlFor(config.mail, request),
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  app.post(
    '/register',
    {
      preValidation: limit,
      schema: {
        tags: ['registration'],
        summary: 'Create an organisation and its owner and sign in; with an invite link, join the inviting organisation instead',
        body: registerBody,
        response: { 201: sessionAnswerSchema, ...errorResponses(404, 409, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      const { org_name, invite_token, ...account } = request.body;
      const input = { ...account, orgName: org_name ?? undefined, inviteToken: invite_token };
      return reply.status(201).send(await registerOrganisation(db, sessions, input, contextOf(request)));
    },
  );

  app.get(
    '/register/check-domain',
    {
      preValidation: lookupLimit,
      schema: {
        tags: ['registration'],
        summary: "Whether an organisation already uses the email's domain (the same answer for every address of the domain)",
        querystring: z.object({ email: emailSchema }),
        response: { 200: domainCheck, ...errorResponses(422, 429) },
      },
    },
    async (request) => checkDomain(db, request.query.email),
  );

  app.get(
    '/register/invitation',
    {
      preValidation: lookupLimit,
      schema: {
        tags: ['registration'],
        summary: 'The invitation behind an invite link: organisation, role and invited address',
        querystring: z.object({ token: inviteToken }),
        response: { 200: invitation, ...errorResponses(404, 410, 422, 429) },
      },
    },
    async (request) => previewInvitation(db, request.query.token),
  );

  app.post(
    '/register/with-domain',
    {
      preValidation: limit,
      schema: {
        tags: ['registration'],
        summary: "Ask to join the organisation of the email's domain (pending approval) or create a new one",
        body: withDomainBody,
        response: {
          201: sessionAnswerSchema,
          202: z.object({ message: z.string() }),
          ...errorResponses(404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { choice, org_name, ...account } = request.body;
      if (choice === 'join_existing') {
        // No tokens for a request: the account exists only once an owner or admin approves it.
        return reply.status(202).send(await joinExistingOrganisation(db, account, contextOf(request)));
      }
      const created = await registerOrganisation(db, sessions, { ...account, orgName: org_name ?? undefined }, contextOf(request));
      return reply.status(201).send(created);
    },
  );
};
