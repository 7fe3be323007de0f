import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GA4_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import type { Role } from '../../../../src/contract/auth';
import { MESSAGES } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { removeAccount } from '../../services/ga4/account-removal.service';
import { listAccounts } from '../../services/ga4/accounts.service';
import { authStatus } from '../../services/ga4/auth-status.service';
import type { Ga4Caller } from '../../services/ga4/ga4-context';
import { linkProperty, listLinkedProperties, unlinkProperty } from '../../services/ga4/links.service';
import { completeConnection, manageLocation, redirectUriFor, startConnection } from '../../services/ga4/oauth.service';
import { listProperties } from '../../services/ga4/properties.service';
import { runReport } from '../../services/ga4/reports.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

const ANALYTICS_MANAGERS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];

/**
 * Google Analytics 4 (spec 001 §7, docs/analytics.md). Every call but the OAuth callback is
 * space-scoped like the rest of the client's calls; accounts belong to the caller within the
 * organisation, linked properties to the space. Everyone in the space reads the linked properties
 * and their reports; connecting an account and linking or unlinking a property change what the
 * whole space sees, so they are for organisation owners and admins (the spec leaves roles open;
 * docs/analytics.md "Who may do what"). Anyone may remove an account of their own. Paths and
 * schemas are the contract's (src/contract/ga4-endpoints.ts).
 */
export const ga4Routes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, ga4 }) => {
  const { ctx, keys } = ga4;
  const member = [app.requireAuth, app.requireSpace];
  const manager = [app.requireAuth, app.requireSpace, app.requireRole(ANALYTICS_MANAGERS, MESSAGES.onlyManagersConnectAnalytics)];
  const callerOf = (request: Parameters<typeof spaceOf>[0]): Ga4Caller => ({ userId: authOf(request).userId, orgId: spaceOf(request).org_id });

  routeFromContract(app, GA4_ENDPOINTS.oauthStart, {
    onRequest: manager,
    handler: async (request) =>
      startConnection(ctx, keys.stateKey, {
        caller: callerOf(request),
        spaceId: spaceOf(request).id,
        redirectUri: redirectUriFor(config.ga4, `${request.protocol}://${request.host}`),
      }),
  });

  routeFromContract(app, GA4_ENDPOINTS.oauthCallback, {
    handler: async (request, reply) => {
      let outcome;
      try {
        outcome = await completeConnection(ctx, keys.stateKey, request.query);
      } catch (error) {
        // A browser lands here: send it back to the screen with a code rather than a JSON 500.
        request.log.error({ err: error }, 'GA4 OAuth callback failed');
        outcome = { connected: false as const, error: 'server_error' };
      }
      if (!outcome.connected) request.log.info({ ga4Error: outcome.error }, 'GA4 connection not completed');
      return reply.redirect(manageLocation(config.ga4, outcome), 302);
    },
  });

  routeFromContract(app, GA4_ENDPOINTS.accounts, {
    onRequest: member,
    handler: async (request) => ({ accounts: await listAccounts(db, callerOf(request)) }),
  });

  routeFromContract(app, GA4_ENDPOINTS.properties, {
    onRequest: member,
    handler: async (request) => listProperties(ctx, callerOf(request), request.query.account_id),
  });

  routeFromContract(app, GA4_ENDPOINTS.removeAccount, {
    onRequest: member,
    handler: async (request) => removeAccount(ctx, callerOf(request), request.params.id, request.log),
  });

  routeFromContract(app, GA4_ENDPOINTS.linkedProperties, {
    onRequest: member,
    handler: async (request) => ({ linked_properties: await listLinkedProperties(db, spaceOf(request).id) }),
  });

  routeFromContract(app, GA4_ENDPOINTS.link, {
    onRequest: manager,
    handler: async (request, reply) => reply.status(201).send(await linkProperty(ctx, callerOf(request), spaceOf(request).id, request.body)),
  });

  routeFromContract(app, GA4_ENDPOINTS.unlink, {
    onRequest: manager,
    handler: async (request, reply) => {
      await unlinkProperty(db, spaceOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  });

  routeFromContract(app, GA4_ENDPOINTS.report, {
    onRequest: member,
    handler: async (request) => runReport(ctx, spaceOf(request).id, request.body),
  });

  routeFromContract(app, GA4_ENDPOINTS.authStatus, {
    onRequest: member,
    handler: async (request) => authStatus(db, callerOf(request)),
  });
};
