import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import {
  accountsResponse,
  authStatusResponse,
  callbackQuery,
  linkBody,
  linkedPropertiesResponse,
  linkedPropertySchema,
  messageResponse,
  propertiesQuery,
  propertiesResponse,
  reportBody,
  reportResponse,
} from './ga4.schemas';

const tags = ['integrations-ga4'];
const ANALYTICS_MANAGERS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];
const idParams = z.object({ id: z.string() });

/**
 * Google Analytics 4 (spec 001 §7, docs/analytics.md). Every call but the OAuth callback is
 * space-scoped like the rest of the client's calls; accounts belong to the caller within the
 * organisation, linked properties to the space. Everyone in the space reads the linked properties
 * and their reports; connecting an account and linking or unlinking a property change what the
 * whole space sees, so they are for organisation owners and admins (the spec leaves roles open;
 * docs/analytics.md "Who may do what"). Anyone may remove an account of their own.
 */
export const ga4Routes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, ga4 }) => {
  const { ctx, keys } = ga4;
  const member = [app.requireAuth, app.requireSpace];
  const manager = [app.requireAuth, app.requireSpace, app.requireRole(ANALYTICS_MANAGERS, MESSAGES.onlyManagersConnectAnalytics)];
  const callerOf = (request: Parameters<typeof spaceOf>[0]): Ga4Caller => ({ userId: authOf(request).userId, orgId: spaceOf(request).org_id });
  const secured = (summary: string) => ({ tags, summary, security: bearerSecurity });

  app.get(
    '/integrations/ga4/oauth/start',
    { onRequest: manager, schema: { ...secured('Start connecting an account: the browser navigates to redirect_url (owners and admins)'), response: { 200: z.object({ redirect_url: z.string() }), ...errorResponses(400, 401, 403, 404) } } },
    async (request) =>
      startConnection(ctx, keys.stateKey, {
        caller: callerOf(request),
        spaceId: spaceOf(request).id,
        redirectUri: redirectUriFor(config.ga4, `${request.protocol}://${request.host}`),
      }),
  );

  app.get(
    '/integrations/ga4/oauth/callback',
    { schema: { tags, summary: 'Where the OAuth consent returns (browser navigation); redirects to /connections/ga4/manage', querystring: callbackQuery } },
    async (request, reply) => {
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
  );

  app.get(
    '/integrations/ga4/accounts',
    { onRequest: member, schema: { ...secured("The caller's connected accounts in this organisation"), response: { 200: accountsResponse, ...errorResponses(400, 401, 404) } } },
    async (request) => ({ accounts: await listAccounts(db, callerOf(request)) }),
  );

  app.get(
    '/integrations/ga4/properties',
    {
      onRequest: member,
      schema: {
        ...secured('Properties the connected accounts can read (all accounts, or account_id)'),
        querystring: propertiesQuery,
        response: { 200: propertiesResponse, ...errorResponses(400, 401, 403, 404, 422, 429, 502, 503) },
      },
    },
    async (request) => listProperties(ctx, callerOf(request), request.query.account_id),
  );

  app.delete(
    '/integrations/ga4/accounts/:id',
    { onRequest: member, schema: { ...secured('Remove a connected account: its grant is revoked at Google and its properties are unlinked in every space'), params: idParams, response: { 200: messageResponse, ...errorResponses(400, 401, 404) } } },
    async (request) => removeAccount(ctx, callerOf(request), request.params.id, request.log),
  );

  app.get(
    '/integrations/ga4/linked-properties',
    { onRequest: member, schema: { ...secured('Properties linked to this space'), response: { 200: linkedPropertiesResponse, ...errorResponses(400, 401, 404) } } },
    async (request) => ({ linked_properties: await listLinkedProperties(db, spaceOf(request).id) }),
  );

  app.post(
    '/integrations/ga4/link',
    {
      onRequest: manager,
      schema: {
        ...secured("Link one of the caller's accounts' properties to this space (owners and admins)"),
        body: linkBody,
        response: { 201: linkedPropertySchema, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502, 503) },
      },
    },
    async (request, reply) => reply.status(201).send(await linkProperty(ctx, callerOf(request), spaceOf(request).id, request.body)),
  );

  app.delete(
    '/integrations/ga4/unlink/:id',
    { onRequest: manager, schema: { ...secured('Unlink a property from this space (owners and admins)'), params: idParams, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await unlinkProperty(db, spaceOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/integrations/ga4/report',
    {
      onRequest: member,
      schema: {
        ...secured('Run a report on a property linked to this space'),
        body: reportBody,
        response: { 200: reportResponse, ...errorResponses(400, 401, 403, 404, 422, 429, 502, 503) },
      },
    },
    async (request) => runReport(ctx, spaceOf(request).id, request.body),
  );

  app.get(
    '/integrations/ga4/auth/status',
    { onRequest: member, schema: { ...secured("How the caller's connected accounts stand"), response: { 200: authStatusResponse, ...errorResponses(400, 401, 404) } } },
    async (request) => authStatus(db, callerOf(request)),
  );
};
