/**
 * The endpoints of the areas not yet declared with defineEndpoints (endpoint.ts), by method and
 * route path (relative to API_PREFIX, `:param` segments as the server registers them): the request
 * body the client sends and the body of a successful answer. Their server routes still spell their
 * own paths and schemas, so this table can drift from them; an area moves to its own
 * `<area>-endpoints.ts` (listed in all-endpoints.ts) and leaves this table (docs/architecture.md
 * "How to add an endpoint"). The client tests' fake backends check every answer they give and
 * every body the client sends against this table and the declared endpoints alike (`endpointFor`).
 */
import { z } from 'zod';
import {
  assetCapabilitiesSchema,
  assetCollectionSchema,
  assetCollectionsSchema,
  assetCommitRequestSchema,
  assetDetailSchema,
  assetDownloadSchema,
  assetHashCheckSchema,
  assetListSchema,
  assetSchema,
  assetSignedUploadSchema,
  assetUpdateRequestSchema,
  collectionRequestSchema,
  generateImageRequestSchema,
  savedAssetsSchema,
  saveReplyRequestSchema,
  textAssetRequestSchema,
} from './assets';
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

export const ENDPOINTS: Readonly<Record<string, EndpointSchemas>> = {
  // Creative Assets (docs/assets.md).
  'GET /assets': { response: assetListSchema },
  'GET /assets/search': { response: assetListSchema },
  'GET /assets/capabilities': { response: assetCapabilitiesSchema },
  'GET /assets/collections': { response: assetCollectionsSchema },
  'POST /assets/collections': { request: collectionRequestSchema, responses: { 201: assetCollectionSchema } },
  'PATCH /assets/collections/:id': { request: collectionRequestSchema, response: assetCollectionSchema },
  'DELETE /assets/collections/:id': { responses: { 204: z.null() } },
  'POST /assets/hashes/check': { request: z.object({ hashes: z.array(z.string()) }), response: assetHashCheckSchema },
  'POST /assets/uploads/sign': { response: assetSignedUploadSchema },
  'POST /assets/uploads/commit': { request: assetCommitRequestSchema, responses: { 201: assetSchema } },
  'POST /assets/text': { request: textAssetRequestSchema, responses: { 201: assetSchema } },
  'POST /assets/from-message': { request: saveReplyRequestSchema, responses: { 201: savedAssetsSchema } },
  'POST /assets/generate': { request: generateImageRequestSchema, responses: { 201: assetSchema } },
  'GET /assets/:id': { response: assetDetailSchema },
  // image/webp bytes, not JSON.
  'GET /assets/:id/thumbnail': {},
  'GET /assets/:id/preview': {},
  'POST /assets/:id/download': { response: assetDownloadSchema },
  'PATCH /assets/:id': { request: assetUpdateRequestSchema, response: assetSchema },
  'DELETE /assets/:id': { responses: { 204: z.null() } },
};

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
