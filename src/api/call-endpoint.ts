/**
 * Calls an endpoint through its route from the contract (src/contract/endpoint.ts): the URL is
 * built from the route's path and the call's parameters, and the call, its query and its body are
 * typed by the endpoint's schemas, as is the answer. It goes through `http`, so the session,
 * space, refresh and offline rules are those of every call.
 */
import { fillPathParams, type EndpointAnswer, type EndpointRequest, type EndpointRoute } from '../contract/endpoint';
import { http, type RequestOptions } from './http';

/** How the call is sent (its query comes with the request). */
export type CallOptions = Omit<RequestOptions, 'query'>;

/** The request may be left out when the endpoint needs nothing (no parameters, no body). */
type CallArguments<R extends EndpointRoute> = Record<never, never> extends EndpointRequest<R>
  ? [request?: EndpointRequest<R>, options?: CallOptions]
  : [request: EndpointRequest<R>, options?: CallOptions];

/**
 * Options only when something is set: a plain GET (no options) may take the answer of the same
 * GET started early (early-gets.ts), as `http.get` without options does.
 */
function requestOptions(query: RequestOptions['query'], options: CallOptions | undefined): RequestOptions | undefined {
  const merged: RequestOptions = { ...options, ...(query ? { query } : {}) };
  return Object.values(merged).some((value) => value !== undefined) ? merged : undefined;
}

export function callEndpoint<R extends EndpointRoute>(route: R, ...[request, options]: CallArguments<R>): Promise<EndpointAnswer<R>> {
  const call = (request ?? {}) as { params?: Record<string, string | number>; query?: RequestOptions['query']; body?: unknown };
  const path = fillPathParams(route, call.params);
  const sent = requestOptions(call.query, options);
  switch (route.method) {
    case 'GET':
      return http.get(path, sent);
    case 'POST':
      return http.post(path, call.body, sent);
    case 'PUT':
      return http.put(path, call.body, sent);
    case 'PATCH':
      return http.patch(path, call.body, sent);
    case 'DELETE':
      return http.delete(path, sent, call.body);
  }
}
