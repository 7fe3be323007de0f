/**
 * Keeps the client tests' fake backends honest: every body a fake answers for an endpoint the
 * contract lists (src/contract/endpoints.ts) is checked against that endpoint's response schema,
 * and every body the client sends against its request schema. A disagreement is recorded here and
 * fails the test after it ends (tests/helpers/web-setup.ts), naming the endpoint and the fields:
 * thrown inside fetch it would only look like a network failure to the code under test.
 */
import { z } from 'zod';
import { endpointFor, type WireSchema } from '../../src/contract/endpoints';

const disagreements: string[] = [];

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
  const { request, response, responses } = endpoint.schemas;
  if (request && sent !== undefined) checkBody(method, path, endpoint.key, 'The client sent a request body', request, sent);
  if (status < 200 || status >= 300) return;
  const schema = responses ? responses[status] : response;
  if (responses && !schema) {
    refuse(method, path, endpoint.key, `The fake backend answered status ${status}`, `it answers only ${Object.keys(responses).join(', ')}`);
    return;
  }
  if (schema && answer !== undefined) checkBody(method, path, endpoint.key, 'The fake backend answered a response body', schema, answer);
}

/** The disagreements recorded since the last call, emptying the list. */
export function takeContractDisagreements(): string[] {
  return disagreements.splice(0);
}
