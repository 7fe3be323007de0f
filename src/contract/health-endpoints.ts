/**
 * The liveness endpoint: answers while the server is up, for load balancers, the start-up
 * benchmark and the client's connectivity probe. The readiness endpoint: whether a reverse proxy
 * should send this process traffic (docs/deploy.md). Public, never cached (paths.ts). Their
 * methods and paths are in health-routes.ts.
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
  readiness: {
    tags: ['health'],
    auth: 'public',
    summary: 'Readiness check: whether this process should be sent traffic',
    description:
      '503 while the process starts, once it has been told to stop (it drains its requests), and while its database does not answer; `code` says which (NOT_READY_STARTING, NOT_READY_DRAINING, NOT_READY_DATABASE).',
    answers: { 200: z.object({ status: z.literal('ready') }) },
    errors: [503],
  },
} satisfies Record<string, EndpointDeclaration>;

export type HealthDeclarations = typeof HEALTH_DECLARATIONS;
