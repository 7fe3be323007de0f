/**
 * Keeps the client tests' fake backends honest: every body a fake answers for an endpoint the
 * contract declares (src/contract/all-endpoints.ts) is checked against that endpoint's answer
 * schema for the status, and every body the client sends against its body schema. A disagreement is recorded here and
 * fails the test after it ends (tests/helpers/web-setup.ts), naming the endpoint and the fields:
 * thrown inside fetch it would only look like a network failure to the code under test.
 */
import { z } from 'zod';
import { CONTRACT_ENDPOINTS } from '../../src/contract/all-endpoints';
import type { Endpoint, WireSchema } from '../../src/contract/endpoint';
import { routeMatcher } from '../../src/contract/paths';

const disagreements: string[] = [];

const MATCHERS = CONTRACT_ENDPOINTS.map((endpoint) => ({ endpoint, matcher: routeMatcher(endpoint.path) }));

/**
 * The endpoint a concrete call is for ('GET', '/agents/sessions/abc/poll?since=…'), or undefined
 * for one the contract does not declare. A literal route wins over a `:param` one
 * ('/agents/sessions' is not '/agents/:slug').
 */
function endpointFor(method: string, path: string): Endpoint | undefined {
  const bare = path.split(/[?#]/)[0] ?? path;
  const matching = MATCHERS.filter(({ endpoint, matcher }) => endpoint.method === method.toUpperCase() && matcher.test(bare));
  return (matching.find(({ endpoint }) => !endpoint.path.includes(':')) ?? matching[0])?.endpoint;
}

function refuse(method: string, path: string, key: string, what: string, detail: string): void {
  disagreements.push(`${what} for ${key} (${method} ${path}) that the contract refuses:\n${detail}`);
}

function checkBody(method: string, path: string, key: string, what: string, schema: WireSchema, body: unknown): void {
  const result = z.safeParse(schema, body);
  if (!result.success) refuse(method, path, key, what, z.prettifyError(result.error));
}

/**
 * One exchange of a fake backend: the body the client sent and the answer the fake gave. Only
 * successful answers have a schema to meet; a 2xx status the endpoint never answers is refused too.
 */
export function checkExchange(method: string, path: string, sent: unknown, status: number, answer: unknown): void {
  const endpoint = endpointFor(method, path);
  if (!endpoint) return;
  if (endpoint.body && sent !== undefined) checkBody(method, path, endpoint.key, 'The client sent a request body', endpoint.body, sent);
  if (status < 200 || status >= 300) return;
  const schema = endpoint.answers[status];
  if (!schema) {
    refuse(method, path, endpoint.key, `The fake backend answered status ${status}`, `it answers only ${Object.keys(endpoint.answers).join(', ')}`);
    return;
  }
  if (answer !== undefined) checkBody(method, path, endpoint.key, 'The fake backend answered a response body', schema, answer);
}

/** The disagreements recorded since the last call, emptying the list. */
export function takeContractDisagreements(): string[] {
  return disagreements.splice(0);
}
