/**
 * The agents API (docs/agents.md). HTTP only; the runtime (waker, runs in progress, queueing) is
 * shared with the agent-run job handler through agentRuntimeFor.
 */
import type { FastifyPluginAsync } from 'fastify';
import { agentRuntimeFor } from '../../services/agents/runtime';
import type { RouteDeps } from '../deps';
import { chatRoutes } from './chat.routes';
import { configRoutes } from './config.routes';
import { feedbackRoutes } from './feedback.routes';

export const agentsRoutes: FastifyPluginAsync<RouteDeps> = async (app, options) => {
  // Only the dependencies are handed on: the options also carry this plugin's own prefix.
  const deps: RouteDeps = { config: options.config, db: options.db, sessions: options.sessions };
  const runtime = await agentRuntimeFor(app, deps);
  await app.register(configRoutes, deps);
  await app.register(chatRoutes, { ...deps, runtime });
  await app.register(feedbackRoutes, { ...deps, runtime });
};
