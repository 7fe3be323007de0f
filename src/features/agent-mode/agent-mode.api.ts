/** Agent Mode calls (docs/agent-mode.md "Endpoints"), through the one API client. */
import { http } from '../../api';
import type { AgentModeRunDetail, AgentModeRunPage, AnswerPayload, CreateRunPayload } from '../../contract/agent-mode';

/** Runs kept on the device per space (newest first): the list the screen shows offline. */
export const RUNS_KEPT = 100;

const runPath = (runId: string) => `/agent-mode/runs/${encodeURIComponent(runId)}`;

export const agentModeApi = {
  list: (signal?: AbortSignal) => http.get<AgentModeRunPage>('/agent-mode/runs', { query: { limit: RUNS_KEPT }, signal }),
  create: (payload: CreateRunPayload) => http.post<AgentModeRunDetail>('/agent-mode/runs', payload),
  get: (runId: string, signal?: AbortSignal) => http.get<AgentModeRunDetail>(runPath(runId), { signal }),
  /** The run as it happens (server-sent events); the body, once the answer's headers came. */
  stream: (runId: string, signal: AbortSignal) => http.stream(`${runPath(runId)}/stream`, { signal }),
  approve: (runId: string) => http.post<AgentModeRunDetail>(`${runPath(runId)}/approve`),
  pause: (runId: string) => http.post<AgentModeRunDetail>(`${runPath(runId)}/pause`),
  resume: (runId: string) => http.post<AgentModeRunDetail>(`${runPath(runId)}/resume`),
  cancel: (runId: string) => http.post<AgentModeRunDetail>(`${runPath(runId)}/cancel`),
  answer: (runId: string, payload: AnswerPayload) => http.post<AgentModeRunDetail>(`${runPath(runId)}/answer`, payload),
  editStep: (runId: string, stepId: string, instruction: string) =>
    http.patch<AgentModeRunDetail>(`${runPath(runId)}/steps/${encodeURIComponent(stepId)}`, { instruction }),
};
