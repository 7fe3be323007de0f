/** Agent Mode calls (docs/agent-mode.md "Endpoints"), through the contract's routes. */
import { callEndpoint, http } from '../../api';
import type { AgentModeRunDetail, AgentModeRunPage, AnswerPayload, CreateRunPayload } from '../../contract/agent-mode';
import { AGENT_MODE_ROUTES } from '../../contract/agent-mode-routes';
import { endpointPath } from '../../contract/endpoint';

/** Runs kept on the device per space (newest first): the list the screen shows offline. */
export const RUNS_KEPT = 100;

export const agentModeApi = {
  list: (signal?: AbortSignal): Promise<AgentModeRunPage> => callEndpoint(AGENT_MODE_ROUTES.list, { query: { limit: RUNS_KEPT } }, { signal }),
  create: (payload: CreateRunPayload): Promise<AgentModeRunDetail> => callEndpoint(AGENT_MODE_ROUTES.create, { body: payload }),
  get: (runId: string, signal?: AbortSignal): Promise<AgentModeRunDetail> => callEndpoint(AGENT_MODE_ROUTES.get, { params: { id: runId } }, { signal }),
  /** The run as it happens (server-sent events); the body, once the answer's headers came. */
  stream: (runId: string, signal: AbortSignal) => http.stream(endpointPath(AGENT_MODE_ROUTES.stream, { id: runId }), { signal }),
  approve: (runId: string): Promise<AgentModeRunDetail> => callEndpoint(AGENT_MODE_ROUTES.approve, { params: { id: runId } }),
  pause: (runId: string): Promise<AgentModeRunDetail> => callEndpoint(AGENT_MODE_ROUTES.pause, { params: { id: runId } }),
  resume: (runId: string): Promise<AgentModeRunDetail> => callEndpoint(AGENT_MODE_ROUTES.resume, { params: { id: runId } }),
  cancel: (runId: string): Promise<AgentModeRunDetail> => callEndpoint(AGENT_MODE_ROUTES.cancel, { params: { id: runId } }),
  answer: (runId: string, payload: AnswerPayload): Promise<AgentModeRunDetail> => callEndpoint(AGENT_MODE_ROUTES.answer, { params: { id: runId }, body: payload }),
  editStep: (runId: string, stepId: string, instruction: string): Promise<AgentModeRunDetail> =>
    callEndpoint(AGENT_MODE_ROUTES.editStep, { params: { id: runId, stepId }, body: { instruction } }),
};
