import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { API_PREFIX } from '../plugins/api-headers';
import { agentsRoutes } from '../routes/agents/index';
import { sessionRoutes } from '../routes/auth/session.routes';
import { billingRoutes } from '../routes/billing/billing.routes';
import { ga4Routes } from '../routes/ga4/ga4.routes';
import { healthRoutes } from '../routes/health/health.routes';
import { knowledgeAreaRoutes } from '../routes/knowledge/index';
import { orgRoutes } from '../routes/orgs/index';
import { registrationRoutes } from '../routes/registration/registration.routes';
import { brandVoiceRoutes } from '../routes/settings/brand-voice.routes';
import { spacesRoutes } from '../routes/spaces/spaces.routes';

/** Every API area under /api/v1, each given the app's dependencies as its options. New areas register here. */
export async function registerApiRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes, { prefix: API_PREFIX });
  await app.register(sessionRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(registrationRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(spacesRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(billingRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(knowledgeAreaRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(agentsRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(brandVoiceRoutes, { prefix: API_PREFIX, ...deps });
  await app.register(ga4Routes, { prefix: API_PREFIX, ...deps });
  await app.register(orgRoutes, { prefix: API_PREFIX, ...deps });
}
