/**
 * The space's chat history across agents (docs/agents.md "History"): list, search, rename, pin,
 * delete with undo. The spec's session endpoints stay as they are; these are added beside them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { changeSession, deleteSession, listHistory, restoreSession, type HistoryActor } from '../../services/agents/history.service';
import { searchHistory } from '../../services/agents/history-search.service';
import { HISTORY_PAGE_MAX, HISTORY_SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX } from '../../../../src/contract/chat-history';
import {
  deletedSessionSchema,
  historyPageSchema,
  historySearchSchema,
  historySessionSchema,
  sessionChangeSchema,
} from '../../../../src/contract/chat-history-schemas';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { idParams } from './agents.schemas';

const historyQuery = z.object({
  slug: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

const searchQuery = z.object({
  query: z
    .string({ error: 'query is required' })
    .trim()
    .min(1, 'query is required')
    .max(SEARCH_QUERY_MAX, `query must be at most ${SEARCH_QUERY_MAX} characters`),
  slug: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_SEARCH_LIMIT_MAX).default(20),
});

function actorOf(request: FastifyRequest): HistoryActor {
  const auth = authOf(request);
  return { userId: auth.userId, role: auth.role, orgId: spaceOf(request).org_id, ipAddress: request.ip };
}

export const historyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  app.get(
    '/agents/history',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: "Every chat of the space across agents: pinned first, then most recently active",
        security: bearerSecurity,
        querystring: historyQuery,
        response: { 200: historyPageSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => listHistory(db, spaceOf(request).id, request.query),
  );

  app.get(
    '/agents/history/search',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Full-text search of chat titles and messages in the space',
        security: bearerSecurity,
        querystring: searchQuery,
        response: { 200: historySearchSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => searchHistory(db, spaceOf(request).id, request.query),
  );

  app.patch(
    '/agents/sessions/:id',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Renames a chat (its starter, owners and admins) or pins it (anyone in the space)',
        security: bearerSecurity,
        params: idParams,
        body: sessionChangeSchema,
        response: { 200: historySessionSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => changeSession(db, actorOf(request), spaceOf(request).id, request.params.id, request.body),
  );

  app.delete(
    '/agents/sessions/:id',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Deletes a chat; it can be restored during the undo window',
        security: bearerSecurity,
        params: idParams,
        response: { 200: deletedSessionSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => deleteSession(db, actorOf(request), spaceOf(request).id, request.params.id),
  );

  app.post(
    '/agents/sessions/:id/restore',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Restores a chat deleted within the undo window',
        security: bearerSecurity,
        params: idParams,
        response: { 200: historySessionSchema, ...errorResponses(400, 401, 403, 404, 410, 422) },
      },
    },
    async (request) => restoreSession(db, actorOf(request), spaceOf(request).id, request.params.id),
  );
};
