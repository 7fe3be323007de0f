import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { routeFromContract } from '../route-from-contract';

/**
 * Liveness for load balancers, the start-up benchmark and the client's connectivity probe; no
 * auth. Path and schema are the contract's (src/contract/health-endpoints.ts).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  routeFromContract(app, HEALTH_ENDPOINTS.liveness, { handler: async () => ({ status: 'ok' as const }) });
};
