import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../errors';
import { authRateLimit } from '../../plugins/rate-limit';
import { checkDomain, joinExistingOrganisation, registerOrganisation } from '../../services/registration.service';
import { displayName, emailSchema, errorResponses, newPasswordSchema, userSchema } from '../common.schemas';
import type { RouteDeps } from '../deps';

const accountFields = {
  email: emailSchema,
  password: newPasswordSchema,
  name: displayName('Name'),
};

const orgName = displayName('Organisation name');

const registerBody = z.object({ ...accountFields, org_name: orgName });

const withDomainBody = z
  .object({
    ...accountFields,
    choice: z.enum(['join_existing', 'create_new'], { error: "Choice must be 'join_existing' or 'create_new'" }),
    org_name: orgName.optional(),
  })
  .superRefine((value, context) => {
    if (value.choice === 'create_new' && !value.org_name) {
      context.addIssue({ code: 'custom', path: ['org_name'], message: MESSAGES.orgNameRequired });
    }
  });

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
      const created = await registerOrganisation(db, sessions, { ...account, orgName: org_name });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/register/check-domain',
    {
      schema: {
        tags: ['registration'],
        summary: "Whether an organisation already uses the email's domain",
        querystring: z.object({ email: emailSchema }),
        response: {
          200: z.object({ has_existing_org: z.boolean(), organization_name: z.string().optional() }),
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
      const created = await registerOrganisation(db, sessions, { ...account, orgName: org_name ?? '' });
      return reply.status(201).send(created);
    },
  );
};
