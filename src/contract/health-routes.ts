/**
 * The liveness endpoint's method and path, by the name health-endpoints.ts declares its schema
 * under. No schemas here: the connectivity probe (src/pwa/connectivity.store.ts) builds its URL
 * from this at start-up, before any screen loads the schema library (endpoint.ts).
 */
import type { HealthDeclarations } from './health-endpoints';
import { routesFor } from './endpoint';

export const HEALTH_ROUTES = routesFor<HealthDeclarations>()({
  liveness: ['GET', '/health'],
});
