/**
 * The liveness endpoint: answers while the server is up, for load balancers, the start-up
 * benchmark and the client's connectivity probe. Public, never cached (paths.ts). Its method and
 * path are in health-routes.ts.
 */
import { z } from 'zod';
import type { EndpointDeclaration } from './endpoint';

export const HEALTH_DECLARATIONS = {
  liveness: {
    tags: ['health'],
    auth: 'public',
    summary: 'Liveness check',
    answers: { 200: z.object({ status: z.literal('ok') }) },
    errors: [],
  },
} satisfies Record<string, EndpointDeclaration>;

export type HealthDeclarations = typeof HEALTH_DECLARATIONS;
