import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../plugins/api-headers';
import { sessionRoutes } from './auth/session.routes';
import { billingRoutes } from './billing/billing.routes';
import { agentsRoutes } from './agents/index';
import type { RouteDeps } from './deps';
import { healthRoutes } from './health/health.routes';
import { ga4Routes } from './integrations-ga4/ga4.routes';
import { knowledgeAreaRoutes } from './knowledge/index';
import { orgRoutes } from './orgs/index';
import { registrationRoutes } from './registration/registration.routes';
import { enableSemanticSearch } from '../services/knowledge/semantic-index';
import { brandVoiceRoutes } from './settings/brand-voice.routes';
import { spacesRoutes } from './spaces/spaces.routes';

/** Every API area under /api/v1. New areas register here. */
export async function registerApiRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  await app.register(healthRoutes, { prefix: API_PREFIX });
  await app.register(sessionRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(registrationRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(spacesRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(billingRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(knowledgeAreaRoutes, { prefix: API_PREFIX, ...deps });
  // Hybrid knowledge search when an embedding provider and pgvector are there (never throws; else full-text).
  await enableSemanticSearch(deps.db, deps.config.llm, (message, err) => app.log.warn({ err }, message));
  await app.register(agentsRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(brandVoiceRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(ga4Routes, { prefix: API_PREFIX, ...deps });
  await app.register(orgRoutes, { prefix: API_PREFIX, ...deps });
}
