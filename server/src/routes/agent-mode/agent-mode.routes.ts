/**
 * Agent Mode (docs/agent-mode.md): make a run with its plan, list and read runs, follow one as it
 * happens, and act on it (start, edit a step, pause, resume, cancel, answer). HTTP only; the work
 * is in services/agent-mode. Space-scoped: another space's run is a 404.
 */
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentModeRunDetailSchema,
  agentModeRunPageSchema,
  answerSchema,
  createRunSchema,
  editStepSchema,
  RUNS_PAGE_LIMIT,
  RUNS_PAGE_MAX,
  type AgentModeRunDetail,
} from '../../../../src/contract/agent-mode';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { answerQuestion, approveRun, cancelRun, editStep, pauseRun, resumeRun, type ActionDeps, type RunActor } from '../../services/agent-mode/actions.service';
import { createRun, getRunDetail, listRuns, requireRun } from '../../services/agent-mode/runs.service';
import { streamRun } from '../../services/agent-mode/stream.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

const runParams = z.object({ id: z.uuid({ error: 'Must be an id' }) });
const stepParams = runParams.extend({ stepId: z.uuid({ error: 'Must be an id' }) });
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RUNS_PAGE_MAX).default(RUNS_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});

function actorOf(request: FastifyRequest): RunActor {
  const auth = authOf(request);
  return { userId: auth.userId, role: auth.role };
}

export const agentModeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, agentMode }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  const actions: ActionDeps = { db, control: agentMode };
  const detailAnswer = { 200: agentModeRunDetailSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 422) };

  app.get(
    '/agent-mode/runs',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agent-mode'],
        summary: "The space's Agent Mode runs, newest first, with their deliverables",
        security: bearerSecurity,
        querystring: listQuery,
        response: { 200: agentModeRunPageSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => listRuns(db, spaceOf(request).id, request.query),
  );

  app.post(
    '/agent-mode/runs',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agent-mode'],
        summary: 'Makes a run and its plan for a goal; nothing runs (or is charged) until it is started',
        security: bearerSecurity,
        body: createRunSchema,
        response: { 201: agentModeRunDetailSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/agent-mode/runs/:id',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agent-mode'],
        summary: 'A run with its steps (a running step\'s output as last saved)',
        security: bearerSecurity,
        params: runParams,
        response: { 200: agentModeRunDetailSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => getRunDetail(db, spaceOf(request).id, request.params.id),
  );

  app.get(
    '/agent-mode/runs/:id/stream',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agent-mode'],
        summary: 'Server-sent events of the run: `run` {run, steps} on every change, `delta` {step_id, text} as a step writes, one `done` {run, steps} when it rests',
        security: bearerSecurity,
        params: runParams,
        // text/event-stream (src/contract/agent-mode.ts RUN_STREAM_EVENTS); a stream is never serialised.
        response: { 200: z.unknown(), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const run = await requireRun(db, spaceOf(request).id, request.params.id);
      const body = new PassThrough();
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      void streamRun({ db, waker: agentMode.waker, streams: agentMode.streams }, run.id, (chunk) => body.write(chunk), gone.signal)
        .catch((error: unknown) => request.log.warn({ err: error }, 'Agent Mode stream ended by an error; the client reads the run again'))
        .finally(() => body.end());
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        // Never stored by a cache or the service worker, never buffered by a proxy.
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  );

  type Act = (deps: ActionDeps, actor: RunActor, spaceId: string, runId: string) => Promise<AgentModeRunDetail>;
  const action = (path: string, summary: string, act: Act) =>
    app.post(
      path,
      { onRequest: spaceScoped, schema: { tags: ['agent-mode'], summary, security: bearerSecurity, params: runParams, response: detailAnswer } },
      async (request) => act(actions, actorOf(request), spaceOf(request).id, request.params.id),
    );

  action('/agent-mode/runs/:id/approve', 'Starts the plan (402 when the plan has expired); steps are charged as they run', approveRun);
  action('/agent-mode/runs/:id/pause', 'Pauses the run: at once when queued, when the step in progress ends when running', pauseRun);
  action('/agent-mode/runs/:id/resume', 'Resumes a paused run from its next step (or keeps a run running that was to pause)', resumeRun);
  action('/agent-mode/runs/:id/cancel', 'Cancels the run; charged steps that had not finished are refunded', cancelRun);

  app.post(
    '/agent-mode/runs/:id/answer',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agent-mode'],
        summary: "Answers the waiting step's question (or skips it); the run carries on",
        security: bearerSecurity,
        params: runParams,
        body: answerSchema,
        response: detailAnswer,
      },
    },
    async (request) => answerQuestion(actions, actorOf(request), spaceOf(request).id, request.params.id, request.body),
  );

  app.patch(
    '/agent-mode/runs/:id/steps/:stepId',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agent-mode'],
        summary: "Changes a step's instruction before it runs",
        security: bearerSecurity,
        params: stepParams,
        body: editStepSchema,
        response: detailAnswer,
      },
    },
    async (request) => editStep(actions, actorOf(request), spaceOf(request).id, request.params.id, request.params.stepId, request.body.instruction),
  );
};
