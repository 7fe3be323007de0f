/**
 * Each endpoint is declared once, in the contract (src/contract/endpoint.ts), and the server
 * registers its routes from those entries (server/src/routes/route-from-contract.ts). This reads
 * every route the running app has and fails for one registered any other way, except the two
 * routes-not-from-contract.ts lists, which are not the client's endpoints (the OpenAPI document
 * itself, the payment provider's webhook). The OpenAPI document is checked to be the entries' too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ENDPOINTS, CONTRACT_ENDPOINTS, PROMPT_TEMPLATE_ENDPOINTS } from '../../src/contract/all-endpoints';
import type { Endpoint, WireSchema } from '../../src/contract/endpoint';
import { registeredFromContract } from '../../server/src/routes/route-from-contract';
import { API } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';
import { routeTable } from './route-table';
import { NEVER_FROM_CONTRACT } from './routes-not-from-contract';

/**
 * 'METHOD /path' below the API prefix, as the entries' keys and the lists name routes, without a
 * trailing slash: the app's router takes '/spaces/' and '/spaces' as one route (ignoreTrailingSlash
 * in server/src/app.ts) and its route table shows the latter.
 */
const belowApi = (route: string) => route.replace(` ${API}/`, ' /').replace(/([^ ])\/$/, '$1');

describe('every API route is registered from its contract entry', () => {
  // With Stripe configured: its webhook route is registered only then, and is listed as never from the contract.
  const t = appForSuite({ env: { STRIPE_SECRET_KEY: 'sk_test_routes_from_contract', STRIPE_WEBHOOK_SECRET: 'whsec_routes_from_contract' } });
  let apiRoutes: string[];
  let fromContract: Set<string>;

  beforeAll(async () => {
    // HEAD is Fastify's copy of each GET, registered by Fastify itself.
    apiRoutes = routeTable(t.app)
      .filter((route) => route.method !== 'HEAD' && route.path.startsWith(`${API}/`))
      .map((route) => belowApi(`${route.method} ${route.path}`));
    fromContract = new Set([...registeredFromContract(t.app)].map(belowApi));
  });

  it('reads the route table (the known routes are there) and counts the routes from entries', () => {
    expect(apiRoutes).toEqual(expect.arrayContaining(['GET /billing/plan', 'POST /prompt-templates', 'GET /me', 'POST /billing/webhooks/stripe']));
    const counts = { routes: apiRoutes.length, fromEntries: fromContract.size, never: Object.keys(NEVER_FROM_CONTRACT).length };
    console.info(`API routes: ${counts.routes}; registered from contract entries: ${counts.fromEntries}; never from the contract: ${counts.never}`);
    expect(counts.fromEntries + counts.never).toBe(counts.routes);
    expect(counts.fromEntries).toBe(CONTRACT_ENDPOINTS.length);
  });

  it('registers no route otherwise than from an entry, but those listed as never from the contract', () => {
    const listed = new Set(Object.keys(NEVER_FROM_CONTRACT));
    const stray = apiRoutes.filter((route) => !fromContract.has(route) && !listed.has(route));
    // A route here: declare it in its area's `<area>-endpoints.ts` and register it with
    // routeFromContract (docs/architecture.md "How to add an endpoint"); never add it to the list.
    expect(stray).toEqual([]);
  });

  it('registers the routes that are not the client\'s endpoints as themselves, and still has them', () => {
    for (const route of Object.keys(NEVER_FROM_CONTRACT)) {
      expect(apiRoutes, route).toContain(route);
      expect(fromContract.has(route), route).toBe(false);
    }
  });

  it('registers every declared endpoint, once, with the method and at the path its entry says', () => {
    const declared = CONTRACT_ENDPOINTS.map((endpoint) => belowApi(endpoint.key));
    expect(declared.filter((key, index) => declared.indexOf(key) !== index)).toEqual([]);
    expect(declared.filter((key) => !fromContract.has(key))).toEqual([]);
    expect([...fromContract].filter((route) => !declared.includes(route))).toEqual([]);
    for (const key of declared) expect(apiRoutes, key).toContain(key);
  });
});

interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

interface JsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/** The field names of an object schema, as the entry declares them. */
function fieldsOf(schema: WireSchema | undefined): string[] {
  const shape = (schema?._zod.def as { shape?: object } | undefined)?.shape;
  return Object.keys(shape ?? {}).sort();
}

describe('the OpenAPI document comes from the same entries', () => {
  const t = appForSuite();
  let paths: Record<string, Record<string, OpenApiOperation>>;

  beforeAll(async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/openapi.json` });
    expect(response.statusCode).toBe(200);
    paths = response.json<{ paths: typeof paths }>().paths;
  });

  /** The document's operation for an entry (OpenAPI writes `:id` as `{id}`). */
  const operationOf = (entry: Endpoint) => paths[`${API}${entry.path.replace(/:(\w+)/g, '{$1}')}`]?.[entry.method.toLowerCase()];

  it("carries a migrated entry's path, summary, tags, body and answer schema", () => {
    const entry = PROMPT_TEMPLATE_ENDPOINTS.create;
    const operation = operationOf(entry);
    expect(operation, entry.key).toBeDefined();
    expect(operation!.summary).toBe(entry.summary);
    expect(operation!.tags).toEqual(entry.tags);
    expect(operation!.security).toEqual([{ bearerAuth: [] }]);
    const body = operation!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties ?? {}).sort()).toEqual(fieldsOf(entry.body));
    expect(body.required?.sort()).toEqual(['body', 'scope', 'title']);
    const answer = operation!.responses['201']!.content!['application/json']!.schema;
    expect(Object.keys(answer.properties ?? {}).sort()).toEqual(fieldsOf(entry.answers[201]));
    // Each error status the entry declares, with the error answer's body.
    for (const status of entry.errors) expect(operation!.responses[String(status)]?.content?.['application/json']?.schema.properties).toHaveProperty('detail');
  });

  it("carries an entry's path parameters and query fields, and documents a public one without security", () => {
    const checkout = operationOf(BILLING_ENDPOINTS.checkout)!;
    expect(checkout.parameters?.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual(['id']);
    const transactions = operationOf(BILLING_ENDPOINTS.transactions)!;
    const queryFields = transactions.parameters?.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name).sort();
    expect(queryFields).toEqual(fieldsOf(BILLING_ENDPOINTS.transactions.query));
    const catalogue = operationOf(BILLING_ENDPOINTS.catalogue)!;
    expect(catalogue.summary).toBe(BILLING_ENDPOINTS.catalogue.summary);
    expect(catalogue.security).toBeUndefined();
  });

  it('lists every declared endpoint', () => {
    expect(CONTRACT_ENDPOINTS.filter((entry) => !operationOf(entry)).map((entry) => entry.key)).toEqual([]);
  });
});
