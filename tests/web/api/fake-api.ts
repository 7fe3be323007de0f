/**
 * A fake API server at the network edge: replaces globalThis.fetch with a small router so the
 * real request layer (wretch, headers, queue, refresh, error mapping) runs unchanged.
 */
import { vi } from 'vitest';
import { checkExchange } from '../../helpers/fake-backend-contract';

export interface RecordedRequest {
  method: string;
  /** Path relative to /api/v1, query included. */
  path: string;
  headers: Headers;
  body: unknown;
}

export type Reply = Response | Promise<Response>;
type Handler = (request: RecordedRequest, nth: number) => Reply;

interface Route {
  method: string;
  path: string;
  handler: Handler;
  calls: number;
}

export function json(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const OFF_CONTRACT = 'X-Fake-Off-Contract';

/**
 * Marks an answer that deliberately breaks the contract (a test of how the client copes with bad
 * server data), so the fake's contract check lets it through; `reason` says what it stands for.
 */
export function offContract(reason: string, response: Response): Response {
  response.headers.set(OFF_CONTRACT, reason);
  return response;
}

/** A reply that never comes until the test resolves it. */
export function deferredReply(): { reply: Promise<Response>; resolve: (r: Response) => void } {
  let resolve!: (r: Response) => void;
  const reply = new Promise<Response>((r) => (resolve = r));
  return { reply, resolve };
}

/** Checks an exchange against the contract, reading a copy of a JSON answer (the original stays unread). */
async function checkAnswer(request: RecordedRequest, response: Response): Promise<void> {
  if (response.headers.has(OFF_CONTRACT)) return;
  const isJson = (response.headers.get('Content-Type') ?? '').includes('application/json');
  const answer: unknown = isJson ? await response.clone().json() : undefined;
  checkExchange(request.method, request.path, request.body, response.status, answer);
}

export function installFakeApi() {
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];

  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const signal = init.signal ?? undefined;
    const aborted = () => new DOMException('This operation was aborted', 'AbortError');
    if (signal?.aborted) throw aborted();
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api\/v1/, '');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined);
    const request: RecordedRequest = { method, path, headers: new Headers(init.headers), body };
    requests.push(request);
    const route = routes.find((r) => r.method === method && r.path === path.split('?')[0]);
    if (!route) return json(404, { detail: `No fake route for ${method} ${path}` });
    route.calls += 1;
    const reply = Promise.resolve(route.handler(request, route.calls)).then(async (response) => {
      await checkAnswer(request, response);
      return response;
    });
    return new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(aborted()), { once: true });
      reply.then(resolve, reject);
    });
  };

  vi.stubGlobal('fetch', fakeFetch);

  return {
    requests,
    /** Registers (or replaces) the handler for a method and path (query ignored). */
    on(method: string, path: string, handler: Handler | Response | (() => Reply)) {
      const existing = routes.findIndex((r) => r.method === method && r.path === path);
      if (existing !== -1) routes.splice(existing, 1);
      const fn: Handler = typeof handler === 'function' ? (handler as Handler) : () => handler.clone();
      routes.push({ method, path, handler: fn, calls: 0 });
    },
    calls(method: string, path: string): RecordedRequest[] {
      return requests.filter((r) => r.method === method && r.path.split('?')[0] === path);
    },
  };
}

export type FakeApi = ReturnType<typeof installFakeApi>;
