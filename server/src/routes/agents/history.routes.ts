/**
 * The space's chat history across agents (docs/agents.md "History"): list, search, rename, pin,
 * delete with undo. The spec's session endpoints stay as they are; these are added beside them.
 * Paths and schemas are the contract's (src/contract/agents-endpoints.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AGENT_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { changeSession, deleteSession, listHistory, restoreSession, type HistoryActor } from '../../services/agents/history.service';
import { searchHistory } from '../../services/agents/history-search.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

function actorOf(request: FastifyRequest): HistoryActor {
  const auth = authOf(request);
  return { userId: auth.userId, role: auth.role, orgId: spaceOf(request).org_id, ipAddress: request.ip };
}

export const historyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  routeFromContract(app, AGENT_ENDPOINTS.history, {
    onRequest: spaceScoped,
    handler: async (request) => listHistory(db, spaceOf(request).id, request.query),
  });

  routeFromContract(app, AGENT_ENDPOINTS.searchHistory, {
    onRequest: spaceScoped,
    handler: async (request) => searchHistory(db, spaceOf(request).id, request.query),
  });

  routeFromContract(app, AGENT_ENDPOINTS.changeSession, {
    onRequest: spaceScoped,
    handler: async (request) => changeSession(db, actorOf(request), spaceOf(request).id, request.params.id, request.body),
  });

  routeFromContract(app, AGENT_ENDPOINTS.deleteSession, {
    onRequest: spaceScoped,
    handler: async (request) => deleteSession(db, actorOf(request), spaceOf(request).id, request.params.id),
  });

  routeFromContract(app, AGENT_ENDPOINTS.restoreSession, {
    onRequest: spaceScoped,
    handler: async (request) => restoreSession(db, actorOf(request), spaceOf(request).id, request.params.id),
  });
};
