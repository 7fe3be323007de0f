import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRateLimit } from '../../plugins/rate-limit';
import { checkDomain, joinExistingOrganisation, registerOrganisation } from '../../services/registration.service';
import { INVITE_ROLES } from '../../../../src/features/org-admin/org-admin.types';
import { displayName, emailSchema, errorResponses, newPasswordSchema, requiredText, userSchema } from '../common.schemas';
import type { RouteDeps } from '../deps';

const accountFields = {
  email: emailSchema,
  password: newPasswordSchema,
  name: displayName('Name'),
};

const ORG_NAME_MAX_LENGTH = 100;

/**
 * Missing, null or blank are all allowed here: whether a name is needed depends on an invite, which
 * only the service can see (it answers 422 'Organisation name is required' on this field otherwise).
 */
const orgName = z
  .string(requiredText('Organisation name'))
  .trim()
  .max(ORG_NAME_MAX_LENGTH, `Organisation name must be at most ${ORG_NAME_MAX_LENGTH} characters`)
  .nullish()
  .describe('Name of the new organisation: required unless the address has a pending invite, which makes it ignored');

const registerBody = z.object({ ...accountFields, org_name: orgName });

const withDomainBody = z.object({
  ...accountFields,
  choice: z.enum(['join_existing', 'create_new'], { error: "Choice must be 'join_existing' or 'create_new'" }),
  org_name: orgName,
});

const inviteRole = z.enum(INVITE_ROLES);

/** Spec 000 §7 has_existing_org, organization_name; invited and role appear only for an invited address. */
const domainCheck = z.union([
  z.object({
    has_existing_org: z.literal(false),
    invited: z.literal(true),
    organization_name: z.string().describe('The inviting organisation'),
    role: inviteRole.describe('The role the invite gives'),
  }),
  z.object({ has_existing_org: z.boolean(), organization_name: z.string().optional() }),
]);

const session = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  user: userSchema,
});

/** POST /register, GET /register/check-domain, POST /register/with-domain. */
export const registrationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, sessions }) => {
  const limit = authRateLimit(app, config.authRateLimitMax);

  app.post(
    '/register',
    {
      preValidation: limit,
      schema: {
        tags: ['registration'],
        summary: 'Create an organisation and its owner and sign in; an invited address joins the inviting organisation instead',
        body: registerBody,
        response: { 201: session, ...errorResponses(409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { org_name, ...account } = request.body;
      const created = await registerOrganisation(db, sessions, { ...account, orgName: org_name ?? undefined });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/register/check-domain',
    {
      schema: {
        tags: ['registration'],
        summary: "Whether an organisation already uses the email's domain, or an invite already decides where the address goes",
        querystring: z.object({ email: emailSchema }),
        response: {
          200: domainCheck,
          ...errorResponses(422),
        },
      },
    },
    async (request) => checkDomain(db, request.query.email),
  );

  app.post(
    '/register/with-domain',
    {
      preValidation: limit,
      schema: {
        tags: ['registration'],
        summary:
          "Join the organisation of the email's domain (pending approval) or create a new one; an invited address joins its inviting organisation at once",
        body: withDomainBody,
        response: {
          201: session,
          202: z.object({ message: z.string() }),
          ...errorResponses(404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { choice, org_name, ...account } = request.body;
      if (choice === 'join_existing') {
        const outcome = await joinExistingOrganisation(db, sessions, account);
        // No tokens for a request: the account exists only once an owner or admin approves it.
        return outcome.joined ? reply.status(201).send(outcome.session) : reply.status(202).send({ message: outcome.message });
      }
      const created = await registerOrganisation(db, sessions, { ...account, orgName: org_name ?? undefined });
      return reply.status(201).send(created);
    },
  );
};
