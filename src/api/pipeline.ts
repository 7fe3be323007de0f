/**
 * The request pipeline every API call goes through, whatever carries the bytes (fetch or XHR):
 * update hold → logout block → auth queue → space context rule → headers → send (abortable) →
 * 401 recovery → error catalogue.
 */
import { announceSpacesEvent, forceLogout, getAccessToken, getAuthStatus, getCurrentSpaceId } from '../session';
import { API_ERROR_CODES } from '../contract/errors';
import { reportNetworkFailure } from '../pwa/connectivity.store';
import { holdWhileApplyingUpdate } from '../pwa/update.store';
import { noteReadBeforeControl } from '../pwa/reads-before-control';
import { assertNotLoggingOut, runAbortable, sessionUsableNow, waitForSession } from './auth-gate';
import { sendWithFetch, type OutgoingRequest } from './client';
import { spaceContextRequiredError, toApiError } from './errors';
import {
  bypassesAuthQueue,
  isSessionEndpoint,
  needsSpaceContext,
  refreshesOn401,
  sendsBearerToken,
  type HttpMethod,
} from './paths';
import { buildRequestHeaders } from './request-headers';
import { recoverSession } from './token-refresh';

export interface PipelineRequest {
  method: HttpMethod;
  /** Relative to the API base, query string included. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 0 or absent: no time-out (spec 000 §9). */
  timeoutMs?: number;
  skipAuthQueue?: boolean;
}

export type Transport = (request: OutgoingRequest) => Promise<unknown>;

export async function executeRequest<T>(request: PipelineRequest, transport: Transport = sendWithFetch): Promise<T> {
  try {
    // The user pressed Reload for a new version: nothing new leaves before the page reloads.
    const held = holdWhileApplyingUpdate(request.signal);
    if (held) await held;
    // Sign-in endpoints stay open during logout: logout itself posts to /logout.
    if (!isSessionEndpoint(request.path)) assertNotLoggingOut();
    // Not even a resolved await when the session is usable: the request then leaves within the
    // caller's own task, before a re-render the caller scheduled (a chat's post goes out first).
    if (!request.skipAuthQueue && !bypassesAuthQueue(request.method, request.path) && !sessionUsableNow()) {
      await waitForSession(request.signal);
    }
    // Checked after the queue: a call queued during sign-in runs once spaces are initialised.
    if (needsSpaceContext(request.path) && !getCurrentSpaceId()) throw spaceContextRequiredError(request.path);
    return (await sendWithRecovery(request, transport, false)) as T;
  } catch (error) {
    throw toApiError(error, request.path);
  }
}

/**
 * The server answers 'Space not found' (404) for a space that was deleted or archived since this
 * tab chose it: say so once per request, so the spaces store can move the tab to another space.
 */
function reportLostSpace(request: PipelineRequest, spaceId: string | null, status: number | null, detail: string | undefined): void {
  if (!spaceId || status !== 404 || detail !== 'Space not found' || !needsSpaceContext(request.path)) return;
  announceSpacesEvent('space-unavailable', { spaceId });
}

async function sendWithRecovery(request: PipelineRequest, transport: Transport, retried: boolean): Promise<unknown> {
  const accessToken = sendsBearerToken(request.path) ? getAccessToken() : null;
  const spaceId = getCurrentSpaceId();
  // Before the worker controls the page its answers miss the worker's cache: asked again later.
  noteReadBeforeControl(request.method, request.path, spaceId);
  try {
    return await runAbortable(
      (signal) =>
        transport({
          method: request.method,
          path: request.path,
          headers: buildRequestHeaders({ accessToken, spaceId }, request.headers),
          body: request.body,
          signal,
        }),
      { signal: request.signal, timeoutMs: request.timeoutMs },
    );
  } catch (error) {
    const apiError = toApiError(error, request.path);
    // No response at all: the banner says so. A time-out is a slow server, not a lost connection.
    if (apiError.code === 'NETWORK_ERROR') reportNetworkFailure();
    reportLostSpace(request, spaceId, apiError.status, apiError.serverDetail);
    // Suspended by a platform admin: no refresh can help; the session ends and Login says why.
    if (apiError.status === 401 && apiError.serverCode === API_ERROR_CODES.accountSuspended) {
      forceLogout('account_suspended');
      throw apiError;
    }
    if (apiError.status !== 401 || !refreshesOn401(request.path, apiError.serverCode)) throw apiError;
    // A fresh token did not help, or the user is leaving anyway: the session is not usable.
    if (retried || getAuthStatus() === 'LOGGING_OUT') {
      forceLogout();
      throw apiError;
    }
    await recoverSession(accessToken);
    return sendWithRecovery(request, transport, true);
  }
}
