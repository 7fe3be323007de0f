/** The agent catalogue, per-agent settings and document access. Paths and schemas are the contract's (src/contract/agents-endpoints.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AGENT_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { documentAccessIds } from '../../../../src/contract/agents-schemas';
import { AGENTS } from '../../agents/index';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { listAgentDocuments, searchAgentDocuments, setDocumentAccess } from '../../services/agents/documents.service';
import { AGENT_MESSAGES } from '../../services/agents/messages';
import {
  readAgentSettings,
  readAllAgentSettings,
  settingsView,
  updateAgentSettings,
  DEFAULT_AGENT_SETTINGS,
} from '../../services/agents/settings.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { requireAgent } from './require-agent';
import { uuidId } from './uuid-ids';

export const configRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  // Settings choose which provider sees the space's data and what it costs: owners and admins decide.
  const managers = [...spaceScoped, app.requireRole(['org_owner', 'org_admin'], AGENT_MESSAGES.onlyManagersConfigure)];

  routeFromContract(app, AGENT_ENDPOINTS.list, {
    onRequest: spaceScoped,
    handler: async (request) => {
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
  });

  routeFromContract(app, AGENT_ENDPOINTS.settings, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const agent = requireAgent(request.params.slug);
      return settingsView(config.llm, agent.slug, await readAgentSettings(db, spaceOf(request).id, agent.slug));
    },
  });

  routeFromContract(app, AGENT_ENDPOINTS.saveSettings, {
    onRequest: managers,
    handler: async (request) => {
      const agent = requireAgent(request.params.slug);
      const next = await updateAgentSettings(db, config.llm, {
        spaceId: spaceOf(request).id,
        slug: agent.slug,
        userId: authOf(request).userId,
        patch: request.body,
      });
      return settingsView(config.llm, agent.slug, next);
    },
  });

  routeFromContract(app, AGENT_ENDPOINTS.documents, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const agent = requireAgent(request.params.slug);
      const { enabled_only: enabledOnly = false, limit, cursor } = request.query;
      return listAgentDocuments(db, spaceOf(request).id, agent.slug, { enabledOnly, limit, cursor });
    },
  });

  routeFromContract(app, AGENT_ENDPOINTS.searchDocuments, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const agent = requireAgent(request.params.slug);
      return searchAgentDocuments(db, spaceOf(request).id, agent.slug, request.query.query, request.query.limit);
    },
  });

  routeFromContract(app, AGENT_ENDPOINTS.setDocument, {
    onRequest: managers,
    handler: async (request) => {
      const agent = requireAgent(request.params.slug);
      const [document] = await setDocumentAccess(db, {
        spaceId: spaceOf(request).id,
        slug: agent.slug,
        documentIds: [request.params.docId],
        isEnabled: request.body.is_enabled,
      });
      return document!;
    },
  });

  routeFromContract(app, AGENT_ENDPOINTS.setDocuments, {
    onRequest: managers,
    // The documents are looked up by id, and this server's ids are UUIDs.
    refine: { body: AGENT_ENDPOINTS.setDocuments.body.extend(documentAccessIds(uuidId)) },
    handler: async (request) => {
      const agent = requireAgent(request.params.slug);
      const documents = await setDocumentAccess(db, {
        spaceId: spaceOf(request).id,
        slug: agent.slug,
        documentIds: request.body.document_ids,
        isEnabled: request.body.is_enabled,
      });
      return { updated: documents.length, documents };
    },
  });
};
