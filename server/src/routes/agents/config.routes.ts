/** The agent catalogue, per-agent settings and document access. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGENTS } from '../../agents/index';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { listAgentDocuments, searchAgentDocuments, setDocumentAccess } from '../../services/agents/documents.service';
import { AGENT_MESSAGES } from '../../services/agents/messages';
import {
  agentSettingsPatchSchema,
  readAgentSettings,
  readAllAgentSettings,
  settingsView,
  updateAgentSettings,
  DEFAULT_AGENT_SETTINGS,
} from '../../services/agents/settings.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import {
  agentSchema,
  bulkBody,
  documentSchema,
  documentSearchQuery,
  documentsQuery,
  settingsSchema,
  slugParams,
  toggleBody,
} from './agents.schemas';
import { requireAgent } from './require-agent';

export const configRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  // Settings choose which provider sees the space's data and what it costs: owners and admins decide.
  const managers = [...spaceScoped, app.requireRole(['org_owner', 'org_admin'], AGENT_MESSAGES.onlyManagersConfigure)];

  app.get(
    '/agents',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'The agents, with the engine each uses in this space',
        security: bearerSecurity,
        response: { 200: z.array(agentSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const settings = await readAllAgentSettings(db, spaceOf(request).id);
      return AGENTS.map((agent) => {
        const view = settingsView(config.llm, agent.slug, settings.get(agent.slug) ?? DEFAULT_AGENT_SETTINGS);
        return {
          slug: agent.slug,
          name: agent.name,
          tagline: agent.tagline,
          tools: agent.tools,
          starters: agent.starters,
          sections: agent.outputTemplate.map((section) => section.heading),
          max_wait_minutes: agent.maxWaitMinutes,
          engine: view.engine,
          engine_model: view.engine_model,
          default_mode: view.default_mode,
        };
      });
    },
  );

  app.get(
    '/agents/:slug/settings',
    {
      onRequest: spaceScoped,
      schema: { tags: ['agents'], summary: "An agent's settings in this space", security: bearerSecurity, params: slugParams, response: { 200: settingsSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => {
      const agent = requireAgent(request.params.slug);
      return settingsView(config.llm, agent.slug, await readAgentSettings(db, spaceOf(request).id, agent.slug));
    },
  );

  app.put(
    '/agents/:slug/settings',
    {
      onRequest: managers,
      schema: {
        tags: ['agents'],
        summary: "Changes an agent's settings (owners and admins); send only the fields to change",
        security: bearerSecurity,
        params: slugParams,
        body: agentSettingsPatchSchema,
        response: { 200: settingsSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const agent = requireAgent(request.params.slug);
      const next = await updateAgentSettings(db, config.llm, {
        spaceId: spaceOf(request).id,
        slug: agent.slug,
        userId: authOf(request).userId,
        patch: request.body,
      });
      return settingsView(config.llm, agent.slug, next);
    },
  );

  app.get(
    '/agents/:slug/documents',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Knowledge documents and whether this agent may use each',
        security: bearerSecurity,
        params: slugParams,
        querystring: documentsQuery,
        response: { 200: z.array(documentSchema), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const agent = requireAgent(request.params.slug);
      return listAgentDocuments(db, spaceOf(request).id, agent.slug, request.query.enabled_only ?? false);
    },
  );

  app.get(
    '/agents/:slug/documents/search',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Documents whose name or category matches (limit default 10)',
        security: bearerSecurity,
        params: slugParams,
        querystring: documentSearchQuery,
        response: { 200: z.array(documentSchema), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const agent = requireAgent(request.params.slug);
      return searchAgentDocuments(db, spaceOf(request).id, agent.slug, request.query.query, request.query.limit);
    },
  );

  app.put(
    '/agents/:slug/documents/:docId',
    {
      onRequest: managers,
      schema: {
        tags: ['agents'],
        summary: 'Allows or forbids one document for this agent',
        security: bearerSecurity,
        params: slugParams.extend({ docId: z.uuid({ error: 'Must be a document id' }) }),
        body: toggleBody,
        response: { 200: documentSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const agent = requireAgent(request.params.slug);
      const [document] = await setDocumentAccess(db, {
        spaceId: spaceOf(request).id,
        slug: agent.slug,
        documentIds: [request.params.docId],
        isEnabled: request.body.is_enabled,
      });
      return document!;
    },
  );

  app.put(
    '/agents/:slug/documents',
    {
      onRequest: managers,
      schema: {
        tags: ['agents'],
        summary: 'Allows or forbids several documents at once',
        security: bearerSecurity,
        params: slugParams,
        body: bulkBody,
        response: { 200: z.object({ updated: z.number().int(), documents: z.array(documentSchema) }), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const agent = requireAgent(request.params.slug);
      const documents = await setDocumentAccess(db, {
        spaceId: spaceOf(request).id,
        slug: agent.slug,
        documentIds: request.body.document_ids,
        isEnabled: request.body.is_enabled,
      });
      return { updated: documents.length, documents };
    },
  );
};
