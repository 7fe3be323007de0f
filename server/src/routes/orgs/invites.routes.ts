import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORG_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { appUrlFor } from '../../mail/fastify-mail';
import { listPendingInvites, reissueInviteLink, revokeInvite } from '../../services/orgs/invites.service';
import { sendInvite } from '../../services/orgs/send-invite';
import { currentUserOf } from '../../plugins/auth';
import { inviteRateLimit } from '../../plugins/rate-limit';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { managerOf, orgManagerOnly } from './current-manager';

/**
 * POST /orgs/invites, GET /orgs/invites, POST /orgs/invites/{id}/link, DELETE /orgs/invites/{id}
 * (owners and admins). Paths and schemas are the contract's (src/contract/orgs-endpoints.ts).
 */
export const orgInvitesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, mail, rateLimits }) => {
  const onRequest = orgManagerOnly(app);

  routeFromContract(app, ORG_ENDPOINTS.invite, {
    onRequest,
    // Counted before the body is checked, so a flood of malformed invites is limited too.
    preValidation: inviteRateLimit(rateLimits),
    handler: async (request, reply) => {
      const context = { appUrl: appUrlFor(config.mail, request), ipAddress: request.ip, log: request.log };
      return reply.status(201).send(await sendInvite(db, mail, managerOf(request), request.body, context));
    },
  });

  routeFromContract(app, ORG_ENDPOINTS.invites, {
    onRequest,
    handler: async (request) => ({ invites: await listPendingInvites(db, managerOf(request).orgId) }),
  });

  routeFromContract(app, ORG_ENDPOINTS.reissueInviteLink, {
    onRequest,
    handler: async (request) =>
      reissueInviteLink(db, { ...managerOf(request), email: currentUserOf(request).email }, request.params.id, {
        appUrl: appUrlFor(config.mail, request),
        ipAddress: request.ip,
      }),
  });

  routeFromContract(app, ORG_ENDPOINTS.revokeInvite, {
    onRequest,
    handler: async (request, reply) => {
      await revokeInvite(db, managerOf(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  });
};
