/**
 * The health endpoints' methods and paths, by the names health-endpoints.ts declares their schemas
 * under. No schemas here: the connectivity probe (src/pwa/connectivity.store.ts) builds its URL
 * from this at start-up, before any screen loads the schema library (endpoint.ts).
 */
import type { HealthDeclarations } from './health-endpoints';
import { routesFor } from './endpoint';

export const HEALTH_ROUTES = routesFor<HealthDeclarations>()({
  liveness: ['GET', '/health'],
  readiness: ['GET', '/health/ready'],
});
