/**
 * The API every feature calls. Paths are relative to /api/v1, e.g. http.get<Space[]>('/spaces/').
 * Every call gets the spec 000 §7 headers, waits for the session, obeys the space context rule,
 * recovers from an expired token once, and fails with an ApiError from the catalogue.
 */
import { runAbortable } from './auth-gate';
import { toApiError } from './errors';
import { API_BASE, withQuery, type HttpMethod } from './paths';
import { executeRequest } from './pipeline';
import { sendWithXhr } from './xhr-transport';
import { fetchBytesWithFetch, openStreamWithFetch, type FetchedBytes } from './client';
import { dropEarlyGets, startEarlyGets, takeEarlyGet } from './early-gets';

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Milliseconds; 0 or absent means no time-out (spec 000 §9). */
  timeoutMs?: number;
  /** Send even while the session is not ready (the caller knows the call needs no session). */
  skipAuthQueue?: boolean;
  /** Headers of this call only (an Idempotency-Key); the session's own headers are added as always. */
  headers?: Record<string, string>;
}

/** Long-running GET time-out: 2,100,000 ms (35 minutes, spec 000 §9). */
export const LONG_GET_TIMEOUT_MS = 2_100_000;
/**
 * Keep-alive hint of 2400 s for long polls (spec 000 §9). Browsers drop Keep-Alive as a forbidden
 * request header; it is still sent so proxies and the server log see the intent.
 */
const LONG_GET_HEADERS = { 'Keep-Alive': 'timeout=2400' };

function call<T>(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions = {},
  headers?: Record<string, string>,
) {
  // A change on the server may change what an early GET would answer: nobody takes those now.
  if (method !== 'GET') dropEarlyGets();
  return executeRequest<T>({
    method,
    path: withQuery(path, options.query),
    body,
    headers: options.headers || headers ? { ...options.headers, ...headers } : undefined,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    skipAuthQueue: options.skipAuthQueue,
  });
}

export const http = {
  /** A plain GET (no options) takes the answer of the same GET started early, if one waits (early-gets.ts). */
  get: <T>(path: string, options?: RequestOptions) =>
    (options ? null : takeEarlyGet<T>(path)) ?? call<T>('GET', path, undefined, options),
  /** Starts GETs a screen about to open will make, so they travel while its code loads (early-gets.ts). */
  startEarly: (paths: readonly string[]) => startEarlyGets(paths, (path) => call('GET', path, undefined)),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => call<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => call<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => call<T>('PATCH', path, body, options),
  /** `body`: for the few DELETEs that name what to remove in JSON rather than in the URL (a secret address). */
  delete: <T>(path: string, options?: RequestOptions, body?: unknown) => call<T>('DELETE', path, body, options),

  /** For long polls: 35-minute time-out unless the caller sets one. */
  longGet: <T>(path: string, options: RequestOptions = {}) =>
    call<T>(
      'GET',
      path,
      undefined,
      { ...options, timeoutMs: options.timeoutMs ?? LONG_GET_TIMEOUT_MS },
      LONG_GET_HEADERS,
    ),

  /**
   * A GET whose answer is a stream (server-sent events): resolves with the body once the headers
   * came, through the same session, space and 401 rules as any call. `options.signal` also ends the
   * body; a time-out only bounds the wait for the headers.
   */
  stream: (path: string, options: RequestOptions = {}) =>
    executeRequest<ReadableStream<Uint8Array>>(
      { method: 'GET', path: withQuery(path, options.query), signal: options.signal, timeoutMs: options.timeoutMs, skipAuthQueue: options.skipAuthQueue },
      (request) => openStreamWithFetch(request, options.signal),
    ),

  /** A GET whose answer is bytes (an image), through the same session, space and 401 rules as any call. */
  getBytes: (path: string, options: RequestOptions = {}) =>
    executeRequest<FetchedBytes>(
      { method: 'GET', path: withQuery(path, options.query), signal: options.signal, timeoutMs: options.timeoutMs, skipAuthQueue: options.skipAuthQueue },
      fetchBytesWithFetch,
    ),

  /** Multipart POST with the file in field 'file'; progress in whole percent. */
  upload<T>(
    path: string,
    file: Blob,
    onProgress?: (percent: number) => void,
    options: RequestOptions = {},
  ): Promise<T> {
    const fullPath = withQuery(path, options.query);
    dropEarlyGets();
    return executeRequest<T>(
      {
        method: 'POST',
        path: fullPath,
        signal: options.signal,
        timeoutMs: options.timeoutMs,
        skipAuthQueue: options.skipAuthQueue,
      },
      (request) => {
        const form = new FormData();
        form.append('file', file, file instanceof File ? file.name : 'file');
        return sendWithXhr({
          method: request.method,
          url: `${API_BASE}${request.path}`,
          headers: request.headers,
          body: form,
          signal: request.signal,
          onProgress,
          errorPath: request.path,
        });
      },
    );
  },

  /**
   * PUT straight to a signed storage URL. The URL carries its own authorisation, so none of our
   * headers (least of all the bearer token) are sent; Content-Type is the file's own type.
   */
  async putToSignedUrl(
    url: string,
    file: Blob,
    onProgress?: (percent: number) => void,
    headers: Record<string, string> = {},
    /** Aborting it stops the PUT (the request is aborted; the server keeps nothing of it). */
    signal?: AbortSignal,
  ): Promise<void> {
    try {
      await runAbortable(
        (abortSignal) =>
          sendWithXhr({
            method: 'PUT',
            url,
            headers: { ...headers, 'Content-Type': file.type || 'application/octet-stream' },
            body: file,
            signal: abortSignal,
            onProgress,
          }),
        { signal },
      );
    } catch (error) {
      throw toApiError(error, url);
    }
  },
};
