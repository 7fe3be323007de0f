/**
 * How an endpoint is declared once for both sides (docs/architecture.md "How to add an endpoint").
 * An area declares it in two files of the contract, keyed by the same name:
 *
 * - `<area>-routes.ts`: its method and path (relative to API_PREFIX, `:param` segments), built with
 *   `routesFor`. The client calls through these (`callEndpoint` in src/api/) and builds URLs with
 *   `endpointPath`. They hold no schemas, so a screen loads them without the schema library
 *   (docs/performance.md "Zod's full API on every page"); their types still carry the schemas'.
 * - `<area>-endpoints.ts`: per name, the params, query, body and answer schemas with the OpenAPI
 *   summary and tags (`<AREA>_DECLARATIONS`); it does not import the routes. all-endpoints.ts
 *   joins the two with `defineEndpoints` (`<AREA>_ENDPOINTS`). The server registers its routes
 *   from these (server/src/routes/route-from-contract.ts), OpenAPI is generated from them, and the
 *   client tests' fake backends are checked against them.
 *
 * Nothing here runs the schema library: only its types are imported.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any Zod schema, built with the full API or with zod/mini. */
export type WireSchema = z.core.$ZodType;

/** What an area's endpoints file declares for one endpoint: everything but its method and path. */
export interface EndpointDeclaration {
  /** The path's `:param` segments; required when the path has any, with the same names. */
  params?: WireSchema;
  /** The query string's fields. */
  query?: WireSchema;
  /** The JSON body the client sends. */
  body?: WireSchema;
  /**
   * The body of each success (2xx) status the endpoint answers; 204 answers `z.null()`. A browser
   * navigation that the server sends on elsewhere (single sign-on, Google's consent) declares its
   * redirect instead, `{ 302: z.null() }`: that is its answer, and no client code calls it.
   */
  answers: { readonly [status: number]: WireSchema };
  /**
   * The media type of each answer above that is not JSON (a file, an image), by status: the
   * handler sends its bytes, which no serializer touches, and OpenAPI lists the answer under this
   * type instead of application/json.
   */
  answerTypes?: { readonly [status: number]: string };
  /** The error statuses it may answer, each with the error answer's body (error-answer.ts). */
  errors: readonly number[];
  /** OpenAPI: one line on what it does (and who may). */
  summary: string;
  /** OpenAPI: more on what it does, when one line is not enough. */
  description?: string;
  /** OpenAPI: the groups it is listed under. */
  tags: readonly string[];
  /**
   * 'bearer': called with the access token; 'public': no sign-in needed. Documents the endpoint
   * (OpenAPI security); the server's route still sets the guards that enforce it.
   */
  auth: 'bearer' | 'public';
}

/** Type only, never set: the declaration a route was typed with (see EndpointRoute). */
export declare const declaredWith: unique symbol;

/** An endpoint's method and path: all the client needs at run time to call it. */
export interface EndpointRoute<M extends HttpMethod = HttpMethod, P extends string = string, D extends EndpointDeclaration = EndpointDeclaration> {
  readonly method: M;
  /** Relative to API_PREFIX, with `:param` segments as the server registers it. */
  readonly path: P;
  /** Carries the declaration's type, so a call through the route is typed by the endpoint's schemas. */
  readonly [declaredWith]?: D;
}

/** An endpoint as declared: its route, its schemas and its OpenAPI description. */
export type Endpoint<M extends HttpMethod = HttpMethod, P extends string = string, D extends EndpointDeclaration = EndpointDeclaration> = EndpointRoute<M, P, D> &
  D & {
    /** 'GET /billing/plan': how tests and the fake backends name it. */
    readonly key: `${M} ${P}`;
  };

/** The names of a path's `:param` segments ('/a/:id/b/:stepId' → 'id' | 'stepId'). */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The declaration a route was typed with. */
export type DeclarationOf<R> = R extends EndpointRoute<HttpMethod, string, infer D> ? D : never;

/** What a query field may be given as (sent as text). */
type QueryValue = string | number | boolean | undefined;

type ParamsPart<P extends string> = [PathParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: { readonly [Name in PathParamNames<P>]: string | number } };

type QueryPart<D> = D extends { query: infer Q extends WireSchema }
  ? { query?: { [Field in keyof z.input<Q>]: z.input<Q>[Field] & QueryValue } }
  : { query?: undefined };

type BodyPart<D> = D extends { body: infer B extends WireSchema } ? { body: z.input<B> } : { body?: undefined };

/** What a call of the endpoint passes: the path's parameters, the query and the body, each only where the endpoint has it. */
export type EndpointRequest<R extends EndpointRoute> = ParamsPart<R['path']> & QueryPart<DeclarationOf<R>> & BodyPart<DeclarationOf<R>>;

type AnswersOf<D> = D extends { answers: infer A } ? A : never;

/** The body of any success the endpoint answers (nothing for 204). */
export type EndpointAnswer<R extends EndpointRoute> = {
  [Status in keyof AnswersOf<DeclarationOf<R>>]: Status extends 204 ? void : z.output<AnswersOf<DeclarationOf<R>>[Status] & WireSchema>;
}[keyof AnswersOf<DeclarationOf<R>>];

type RouteSpec = readonly [method: HttpMethod, path: string];

/**
 * An area's routes, typed by its declarations (import them with `import type`, so this file stays
 * free of schemas): `routesFor<typeof declarations>()({ plan: ['GET', '/billing/plan'] })`. Every
 * declared endpoint needs a route and every route a declaration.
 */
export function routesFor<Declarations extends Record<string, EndpointDeclaration>>() {
  return <const Table extends { readonly [Name in keyof Declarations]: RouteSpec }>(
    table: Table & { readonly [Extra in Exclude<keyof Table, keyof Declarations>]: never },
  ): { readonly [Name in keyof Declarations]: EndpointRoute<Table[Name][0], Table[Name][1], Declarations[Name]> } => {
    const routes = Object.entries(table as Record<string, RouteSpec>).map(([name, [method, path]]) => [name, { method, path }] as const);
    return Object.freeze(Object.fromEntries(routes)) as never;
  };
}

/** The names of an object schema's fields (zod and zod/mini keep them in the definition). */
function fieldNames(schema: WireSchema): string[] | undefined {
  const shape = (schema._zod.def as { shape?: object }).shape;
  return shape ? Object.keys(shape) : undefined;
}

/** Refuses a declaration the server could not register as it says (checked once, when the area loads). */
function checkEndpoint(key: string, path: string, declaration: EndpointDeclaration): void {
  const problems: string[] = [];
  if (!path.startsWith('/')) problems.push('its path must start with /');
  const pathParams = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!).sort();
  const declaredParams = declaration.params ? fieldNames(declaration.params)?.sort() : [];
  if (pathParams.join() !== (declaredParams ?? []).join()) {
    problems.push(`its params schema must name exactly the path's parameters (${pathParams.join(', ') || 'none'})`);
  }
  if (key.startsWith('GET ') && declaration.body) problems.push('a GET takes no body');
  const statuses = Object.keys(declaration.answers).map(Number);
  if (statuses.length === 0 || statuses.some((status) => status < 200 || status > 399)) {
    problems.push('answers lists its success (2xx) statuses (or the redirect, 3xx, of a browser navigation), at least one');
  }
  if (Object.keys(declaration.answerTypes ?? {}).some((status) => !statuses.includes(Number(status)))) problems.push('answerTypes names answered statuses only');
  if (declaration.errors.some((status) => status < 400 || status > 599)) problems.push('errors lists 4xx and 5xx statuses only');
  if (problems.length > 0) throw new Error(`Endpoint ${key}: ${problems.join('; ')}`);
}

/**
 * An area's endpoints: each route joined to its declaration (same name), checked so that a
 * mistake fails where the area loads instead of in a request.
 */
export function defineEndpoints<
  Declarations extends Record<string, EndpointDeclaration>,
  Routes extends { readonly [Name in keyof Declarations]: EndpointRoute<HttpMethod, string, Declarations[Name]> },
>(
  routes: Routes,
  declarations: Declarations,
): { readonly [Name in keyof Declarations]: Routes[Name] & Declarations[Name] & { readonly key: `${Routes[Name]['method']} ${Routes[Name]['path']}` } } {
  const endpoints = Object.entries(declarations).map(([name, declaration]) => {
    const route = routes[name as keyof Declarations];
    const key = `${route.method} ${route.path}`;
    checkEndpoint(key, route.path, declaration);
    return [name, Object.freeze({ ...declaration, method: route.method, path: route.path, key })] as const;
  });
  return Object.freeze(Object.fromEntries(endpoints)) as never;
}

/**
 * The path to call for an endpoint (relative to API_PREFIX), each `:param` replaced by its value,
 * percent-encoded: `endpointPath(route, { id: 'a/b' })` → '/billing/checkouts/a%2Fb'.
 */
export function endpointPath<R extends EndpointRoute>(
  route: R,
  ...[params]: ParamsPart<R['path']>['params'] extends undefined ? [] : [params: ParamsPart<R['path']>['params']]
): string {
  return fillPathParams(route, params);
}

/** endpointPath for a caller that holds the parameters untyped (the request layer's call function). */
export function fillPathParams(route: EndpointRoute, params: Readonly<Record<string, string | number>> | undefined): string {
  return route.path.replace(/:(\w+)/g, (_segment, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path} needs its ${name} parameter`);
    return encodeURIComponent(String(value));
  });
}
