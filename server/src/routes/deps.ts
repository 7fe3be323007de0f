import type { AppDeps } from '../app-deps';

/**
 * What route plugins get as their options (next to Fastify's own `prefix`): the app's
 * dependencies, built once at start by the composition root (composition/build-deps.ts).
 */
export type RouteDeps = AppDeps;

