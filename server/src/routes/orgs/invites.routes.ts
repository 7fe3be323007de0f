import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUrlFor } from '../../mail/fastify-mail';
import { listPendingInvites, revokeInvite } from '../../services/orgs/invites.service';
import { sendInvite } from '../../services/orgs/send-invite';
import { reissueInviteLink } from '../../services/orgs/invite-link-reissue';
import { currentUserOf } from '../../plugins/auth';
import { inviteRateLimit } from '../../plugins/rate-limit';
import { reissuedInviteLinkSchema } from '../../../../src/contract/orgs-schemas';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { managerOf, orgManagerOnly } from './current-manager';
import { idParams, inviteBody, orgInviteSchema, sentInviteSchema } from './orgs.schemas';

/** POST /orgs/invites, GET /orgs/invites, POST /orgs/invites/{id}/link, DELETE /orgs/invites/{id} (owners and admins). */
export const orgInvitesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, mail, rateLimits }) => {
  const onRequest = orgManagerOnly(app);

  app.post(
    '/orgs/invites',
    {
      onRequest,
      // Counted before the body is checked, so a flood of malformed invites is limited too.
      preValidation: inviteRateLimit(rateLimits),
      schema: {
        tags: ['organisation'],
        summary:
          'Invite an email address as admin or member and email it (inviting it again refreshes the pending invite with a new link). The answer is the same whether or not the address has an account; limited per inviter, organisation and address per hour (429)',
        security: bearerSecurity,
        body: inviteBody,
        response: { 201: sentInviteSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const context = { appUrl: appUrlFor(config.mail, request), ipAddress: request.ip, log: request.log };
      return reply.status(201).send(await sendInvite(db, mail, managerOf(request), request.body, context));
    },
  );

  app.get(
    '/orgs/invites',
    {
      onRequest,
      schema: {
        tags: ['organisation'],
        summary: 'Pending invites that have not expired, newest first',
        security: bearerSecurity,
        response: { 200: z.object({ invites: z.array(orgInviteSchema) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ invites: await listPendingInvites(db, managerOf(request).orgId) }),
  );

  app.post(
    '/orgs/invites/:id/link',
    {
      onRequest,
      schema: {
        tags: ['organisation'],
        summary: 'A new link for a pending invite, to copy (the earlier link stops working; the expiry is unchanged; nothing is emailed)',
        security: bearerSecurity,
        params: idParams,
        response: { 200: reissuedInviteLinkSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) =>
      reissueInviteLink(db, { ...managerOf(request), email: currentUserOf(request).email }, request.params.id, {
        appUrl: appUrlFor(config.mail, request),
        ipAddress: request.ip,
      }),
  );

  app.delete(
    '/orgs/invites/:id',
    {
      onRequest,
      schema: {
        tags: ['organisation'],
        summary: 'Revoke a pending invite',
        security: bearerSecurity,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await revokeInvite(db, managerOf(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );
};
