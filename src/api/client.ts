/**
 * The one wretch instance (the only module importing wretch). It only moves bytes: headers, the
 * session rules and error mapping are applied by the request pipeline around it.
 */
import wretch from 'wretch';
import { API_BASE, type HttpMethod } from './paths';
import { httpError, isRecord } from './errors';
import { SERVED_FROM_CACHE_HEADER } from '../../sw/messages';
import { reportNetworkFailure, reportNetworkSuccess } from '../pwa/connectivity.store';
import { noteSavedAnswer } from './saved-answers';

const api = wretch(API_BASE)
  // Resolve fetch at call time so a service worker, a test double or a polyfill installed after
  // this module loaded is the one used.
  .polyfills({ fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init) })
  // Error bodies are read as text and parsed as JSON when they are JSON, so `details` keeps them.
  .errorType('json')
  .accept('application/json');

export interface OutgoingRequest {
  method: HttpMethod;
  /** Relative to the API base, query string included. */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  signal: AbortSignal;
}

/** Sends a request through fetch and returns the parsed body; HTTP errors become ApiErrors. */
export async function sendWithFetch(request: OutgoingRequest): Promise<unknown> {
  try {
    const response = await api
      .url(request.path)
      .headers(request.headers)
      .options({ signal: request.signal })
      .fetch(request.method, '', request.body ?? null)
      .res();
    reportConnectivity(response);
    const body = await readBody(response);
    if (servedFromCache(response)) noteSavedAnswer(body);
    return body;
  } catch (error) {
    if (!isWretchHttpError(error)) throw error;
    // An error status is still an answer from the server: the device is online.
    reportNetworkSuccess();
    throw httpError(error.status, error.json ?? error.text ?? null, request.path);
  }
}

/**
 * A saved answer from the service worker (sw/api-cache.ts) means the network failed or timed out
 * behind it, so the app is offline as far as the user is concerned; any other answer is live.
 */
function reportConnectivity(response: Response): void {
  if (servedFromCache(response)) reportNetworkFailure();
  else reportNetworkSuccess();
}

const servedFromCache = (response: Response): boolean => response.headers.get(SERVED_FROM_CACHE_HEADER) === '1';

/** 204 and empty bodies resolve to undefined; JSON is parsed; anything else is returned as text. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

interface WretchHttpError {
  status: number;
  json?: unknown;
  text?: string;
}

function isWretchHttpError(error: unknown): error is WretchHttpError {
  return isRecord(error) && typeof error.status === 'number' && 'response' in error;
}

/**
 * Opens a streamed answer (server-sent events) through fetch and returns its body as it arrives,
 * unread. `bodySignal` keeps aborting the body after the answer's headers came (the pipeline's
 * own signal only covers the wait for them). HTTP errors become ApiErrors as in sendWithFetch.
 */
export async function openStreamWithFetch(request: OutgoingRequest, bodySignal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const signal = bodySignal ? AbortSignal.any([request.signal, bodySignal]) : request.signal;
  const response = await globalThis.fetch(`${API_BASE}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, Accept: 'text/event-stream' },
    signal,
    cache: 'no-store',
  });
  reportConnectivity(response);
  if (!response.ok) throw httpError(response.status, await readBody(response).catch(() => null), request.path);
  if (!response.body) throw httpError(response.status, null, request.path);
  return response.body;
}

/** A binary answer (an image): its bytes, type and headers. */
export interface FetchedBytes {
  bytes: ArrayBuffer;
  contentType: string;
  headers: Headers;
}

/** GETs a binary answer through fetch; HTTP errors become ApiErrors as in sendWithFetch. */
export async function fetchBytesWithFetch(request: OutgoingRequest): Promise<FetchedBytes> {
  const response = await globalThis.fetch(`${API_BASE}${request.path}`, { method: request.method, headers: request.headers, signal: request.signal });
  reportConnectivity(response);
  if (!response.ok) throw httpError(response.status, await readBody(response).catch(() => null), request.path);
  return { bytes: await response.arrayBuffer(), contentType: response.headers.get('Content-Type') ?? '', headers: response.headers };
}
