/**
 * The agents API (docs/agents.md). HTTP only; the runtime (waker, runs in progress, queueing) is
 * built once by the composition root and shared with the agent-run job handler.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../deps';
import { chatRoutes } from './chat.routes';
import { configRoutes } from './config.routes';
import { feedbackRoutes } from './feedback.routes';
import { streamRoutes } from './stream.routes';
import { historyRoutes } from './history.routes';
import { shareRoutes } from './share.routes';

export const agentsRoutes: FastifyPluginAsync<RouteDeps> = async (app, options) => {
  // Only the dependencies are handed on: the options also carry this plugin's own prefix.
  const { prefix: _prefix, ...deps } = options as RouteDeps & { prefix?: string };
  const runtime = deps.agents;
  await app.register(configRoutes, deps);
  await app.register(chatRoutes, { ...deps, runtime });
  await app.register(feedbackRoutes, { ...deps, runtime });
  await app.register(streamRoutes, { ...deps, runtime });
  await app.register(historyRoutes, deps);
  await app.register(shareRoutes, deps);
};
