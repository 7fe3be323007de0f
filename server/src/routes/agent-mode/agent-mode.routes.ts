/**
 * Agent Mode (docs/agent-mode.md): make a run with its plan, list and read runs, follow one as it
 * happens, and act on it (start, edit a step, pause, resume, cancel, answer). HTTP only; the work
 * is in services/agent-mode. Space-scoped: another space's run is a 404. Paths and schemas are the
 * contract's (src/contract/agent-mode-endpoints.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AgentModeRunDetail } from '../../../../src/contract/agent-mode';
import { AGENT_MODE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { answerQuestion, approveRun, cancelRun, editStep, pauseRun, resumeRun, type ActionDeps, type RunActor } from '../../services/agent-mode/actions.service';
import { createRun, getRunDetail, listRuns, requireRun } from '../../services/agent-mode/runs.service';
import { streamRun } from '../../services/agent-mode/stream.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { replyWithEventStream } from '../event-stream-reply';

function actorOf(request: FastifyRequest): RunActor {
  const auth = authOf(request);
  return { userId: auth.userId, role: auth.role };
}

export const agentModeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, agentMode }) => {
  const onRequest = [app.requireAuth, app.requireSpace];
  const actions: ActionDeps = { db, control: agentMode };

  routeFromContract(app, AGENT_MODE_ENDPOINTS.list, {
    onRequest,
    handler: async (request) => listRuns(db, spaceOf(request).id, request.query),
  });

  routeFromContract(app, AGENT_MODE_ENDPOINTS.create, {
    onRequest,
    handler: async (request, reply) => {
      const space = spaceOf(request);
      const body = request.body;
      const detail = await createRun(db, config, {
        orgId: space.org_id,
        spaceId: space.id,
        userId: authOf(request).userId,
        goal: body.goal,
        agents: body.agents,
        mode: body.mode ?? 'normal',
        referencedDocumentIds: body.referenced_document_ids ?? [],
        assetIds: body.asset_ids ?? [],
      });
      return reply.code(201).send(detail);
    },
  });

  routeFromContract(app, AGENT_MODE_ENDPOINTS.get, {
    onRequest,
    handler: async (request) => getRunDetail(db, spaceOf(request).id, request.params.id),
  });

  routeFromContract(app, AGENT_MODE_ENDPOINTS.stream, {
    onRequest,
    handler: async (request, reply) => {
      const run = await requireRun(db, spaceOf(request).id, request.params.id);
      return replyWithEventStream(
        request,
        reply,
        (send, gone) => streamRun({ db, waker: agentMode.waker, streams: agentMode.streams }, run.id, send, gone),
        'Agent Mode stream ended by an error; the client reads the run again',
      );
    },
  });

  /** Start, pause, resume and cancel differ only in what they do to the run. */
  type Act = (deps: ActionDeps, actor: RunActor, spaceId: string, runId: string) => Promise<AgentModeRunDetail>;
  const action = (entry: typeof AGENT_MODE_ENDPOINTS.approve | typeof AGENT_MODE_ENDPOINTS.pause | typeof AGENT_MODE_ENDPOINTS.resume | typeof AGENT_MODE_ENDPOINTS.cancel, act: Act) =>
    routeFromContract(app, entry, {
      onRequest,
      handler: async (request) => act(actions, actorOf(request), spaceOf(request).id, request.params.id),
    });

  action(AGENT_MODE_ENDPOINTS.approve, approveRun);
  action(AGENT_MODE_ENDPOINTS.pause, pauseRun);
  action(AGENT_MODE_ENDPOINTS.resume, resumeRun);
  action(AGENT_MODE_ENDPOINTS.cancel, cancelRun);

  routeFromContract(app, AGENT_MODE_ENDPOINTS.answer, {
    onRequest,
    handler: async (request) => answerQuestion(actions, actorOf(request), spaceOf(request).id, request.params.id, request.body),
  });

  routeFromContract(app, AGENT_MODE_ENDPOINTS.editStep, {
    onRequest,
    handler: async (request) => editStep(actions, actorOf(request), spaceOf(request).id, request.params.id, request.params.stepId, request.body.instruction),
  });
};
