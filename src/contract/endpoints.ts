/**
 * The endpoints of the areas not yet declared with defineEndpoints (endpoint.ts), by method and
 * route path (relative to API_PREFIX, `:param` segments as the server registers them): the request
 * body the client sends and the body of a successful answer. Their server routes still spell their
 * own paths and schemas, so this table can drift from them; an area moves to its own
 * `<area>-endpoints.ts` (listed in all-endpoints.ts) and leaves this table (docs/architecture.md
 * "How to add an endpoint"). The client tests' fake backends check every answer they give and
 * every body the client sends against this table and the declared endpoints alike (`endpointFor`).
 */
import { CONTRACT_ENDPOINTS } from './all-endpoints';
import type { WireSchema } from './endpoint';
import { routeMatcher } from './paths';

/** Any Zod schema, built with the full API or with zod/mini (wire.ts, auth.ts); check with `z.safeParse`. */
export type { WireSchema };

export interface EndpointSchemas {
  /** The JSON body the client sends, when the endpoint takes one. */
  request?: WireSchema;
  /** The JSON body of any 2xx answer. */
  response?: WireSchema;
  /** Instead of `response`, where successes differ by status: the only 2xx statuses it answers. */
  responses?: Readonly<Partial<Record<number, WireSchema>>>;
}

// Empty since Creative Assets, the last area listed here, moved to assets-endpoints.ts: every area now
// declares its endpoints in its own <area>-endpoints.ts.
export const ENDPOINTS: Readonly<Record<string, EndpointSchemas>> = {};

/** The declared endpoints in this table's terms: their answers by status. */
const DECLARED: ReadonlyArray<readonly [string, EndpointSchemas]> = CONTRACT_ENDPOINTS.map((endpoint) => [
  endpoint.key,
  { ...(endpoint.body ? { request: endpoint.body } : {}), responses: endpoint.answers },
]);

// One table: an endpoint is declared in its area's file or listed here, never both.
const twice = DECLARED.map(([key]) => key).filter((key) => key in ENDPOINTS);
if (twice.length > 0) throw new Error(`Listed in endpoints.ts and declared with defineEndpoints: ${twice.join(', ')}`);

const MATCHERS = [...Object.entries(ENDPOINTS), ...DECLARED].map(([key, schemas]) => {
  const [method, path] = key.split(' ') as [string, string];
  return { key, method, matcher: routeMatcher(path), schemas };
});

/**
 * The entry for a concrete call ('GET', '/agents/sessions/abc/poll?since=…'), from this table or
 * the declared endpoints, or undefined for an endpoint neither lists. A literal route wins over a
 * `:param` one ('/agents/sessions' is not '/agents/:slug').
 */
export function endpointFor(method: string, path: string): { key: string; schemas: EndpointSchemas } | undefined {
  const bare = path.split(/[?#]/)[0] ?? path;
  const matching = MATCHERS.filter((entry) => entry.method === method.toUpperCase() && entry.matcher.test(bare));
  const best = matching.find((entry) => !entry.key.includes(':')) ?? matching[0];
  return best && { key: best.key, schemas: best.schemas };
}
