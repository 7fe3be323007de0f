import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { AppError } from '../../errors';
import type { Readiness } from '../../services/readiness';
import { routeFromContract } from '../route-from-contract';

/** Why a process is not ready, as the 503's detail and code (docs/deploy.md "Health and readiness"). */
export const NOT_READY = {
  starting: () => new AppError(503, 'The server is starting', 'NOT_READY_STARTING'),
  draining: () => new AppError(503, 'The server is stopping', 'NOT_READY_DRAINING'),
  database: () => new AppError(503, 'The database is not answering', 'NOT_READY_DATABASE'),
} as const;

/**
 * Liveness for load balancers, the start-up benchmark and the client's connectivity probe, and
 * readiness for a reverse proxy's health checks; no auth. Paths and schemas are the contract's
 * (src/contract/health-endpoints.ts).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (app, { readiness }) => {
  routeFromContract(app, HEALTH_ENDPOINTS.liveness, { handler: async () => ({ status: 'ok' as const }) });
  routeFromContract(app, HEALTH_ENDPOINTS.readiness, {
    handler: async () => {
      const state = readiness.state();
      if (state !== 'ready') throw NOT_READY[state]();
      if (!(await readiness.databaseAnswers())) throw NOT_READY.database();
      return { status: 'ready' as const };
    },
  });
};
