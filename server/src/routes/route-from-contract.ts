/**
 * Registers a route from its endpoint in the contract (src/contract/endpoint.ts): the method, the
 * URL, the params, query, body and answer schemas and the OpenAPI summary, tags and security all
 * come from the entry. The route file adds what only the server knows: its guards and other hooks,
 * the handler, and where needed a refinement of an entry's schema built from it
 * (`refine: { body: entry.body.superRefine(…) }`), never a restatement.
 * tests/server/routes-from-contract.test.ts fails for a route registered any other way.
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint, WireSchema } from '../../../src/contract/endpoint';
import { bearerSecurity, errorResponses } from './common.schemas';

/** A route plugin's instance (FastifyPluginAsyncZod): request and reply typed by the zod schemas. */
type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The entry's schema for one part of the request, or undefined when it has none. */
type EntrySchema<E, Part extends 'params' | 'query' | 'body'> = E extends { [P in Part]: infer S extends WireSchema } ? S : undefined;

/**
 * The Fastify schema as the handler sees it, for fastify-type-provider-zod to type `request.params`,
 * `request.query`, `request.body` and what the handler may answer. Only the answers: error bodies
 * are sent by the error handler (a thrown AppError), never by a handler.
 */
type ContractSchema<E extends Endpoint, Params, Query, Body> = {
  params: Params;
  querystring: Query;
  body: Body;
  response: E['answers'];
};

type RouteParts<S extends ContractSchema<Endpoint, unknown, unknown, unknown>> = RouteShorthandOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

export interface ContractRouteOptions<E extends Endpoint, Params, Query, Body>
  extends Pick<RouteParts<ContractSchema<E, Params, Query, Body>>, 'onRequest' | 'preParsing' | 'preValidation' | 'preHandler' | 'bodyLimit' | 'config'> {
  /**
   * Server-only refinements, each built from the entry's own schema (`entry.body.extend(…)`,
   * `.refine(…)`): checks the client cannot make (a database look-up's shape, a rule only the
   * server applies). The refined schema validates the request and is what OpenAPI shows.
   */
  refine?: { params?: Params; query?: Query; body?: Body };
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    ContractSchema<E, Params, Query, Body>,
    ZodTypeProvider
  >;
}

/** 'GET /api/v1/billing/plan' for every route registered from an entry, per server (see registeredFromContract). */
const fromContract = new WeakMap<object, Set<string>>();

/**
 * Each success answer's schema; one that is not JSON (entry.answerTypes) in Fastify's per-media-type
 * form, which OpenAPI lists under that type. Its bytes are sent as they are: Fastify serializes
 * no stream or buffer, so the schema only documents them.
 */
function answerSchemas(entry: Endpoint): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entry.answers).map(([status, schema]) => {
      const type = entry.answerTypes?.[Number(status)];
      if (!type) return [status, schema];
      // The answer's own description ('The file') stays the answer's in OpenAPI, as for JSON.
      const { description } = schema as { description?: string };
      return [status, { ...(description ? { description } : {}), content: { [type]: { schema } } }];
    }),
  );
}

/** Registers `entry` on `app` (below the plugin's prefix) with the route file's hooks and handler. */
export function routeFromContract<
  E extends Endpoint,
  Params extends WireSchema | undefined = EntrySchema<E, 'params'>,
  Query extends WireSchema | undefined = EntrySchema<E, 'query'>,
  Body extends WireSchema | undefined = EntrySchema<E, 'body'>,
>(app: ZodApp, entry: E, options: ContractRouteOptions<E, Params, Query, Body>): void {
  const { refine, handler, ...hooks } = options;
  const params = refine?.params ?? entry.params;
  const query = refine?.query ?? entry.query;
  const body = refine?.body ?? entry.body;
  const schema = {
    tags: [...entry.tags],
    summary: entry.summary,
    ...(entry.description ? { description: entry.description } : {}),
    ...(entry.auth === 'bearer' ? { security: bearerSecurity } : {}),
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    response: { ...answerSchemas(entry), ...errorResponses(...entry.errors) },
  };
  // The one place the entry's schemas meet Fastify's route options: their types were checked
  // above (ContractRouteOptions), Fastify's own route type cannot follow them through a generic.
  app.route({ ...hooks, method: entry.method, url: entry.path, schema, handler } as unknown as RouteOptions);
  const registered = fromContract.get(app.server) ?? new Set<string>();
  registered.add(`${entry.method} ${app.prefix}${entry.path}`);
  fromContract.set(app.server, registered);
}

/**
 * The routes of a server registered from contract entries, as 'METHOD /full/path' (Fastify adds a
 * HEAD route for each GET itself). Read by the test that fails for a route registered otherwise.
 */
export function registeredFromContract(app: FastifyInstance): ReadonlySet<string> {
  return fromContract.get(app.server) ?? new Set();
}
