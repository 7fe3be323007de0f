/**
 * The endpoints whose bodies both sides know, by method and route path (relative to API_PREFIX,
 * `:param` segments as the server registers them): the request body the client sends and the body
 * of a successful answer. The server validates with the same schemas (its route files import them);
 * the client tests' fake backends check every answer they give and every body the client sends
 * against this table, so a fake cannot drift from the real server.
 */
import { z } from 'zod';
import { acceptedSchema, agentSchema, chatSessionSchema, pollSchema, runSchema, sessionWithMessagesSchema } from './agents';
import { sessionAnswerSchema, tokenAnswerSchema, userSchema } from './auth';
import { creditsSchema, planSchema } from './billing';
import { CHAT_MODES } from './chat';
import {
  ga4AccountsResponseSchema,
  ga4AuthStatusSchema,
  ga4LinkedPropertiesResponseSchema,
  ga4LinkedPropertySchema,
  ga4PropertiesResponseSchema,
} from './ga4';
import { INVITE_ROLES, joinRequestSchema, ORG_ROLES, orgInviteSchema, orgMemberSchema, sentInviteSchema } from './orgs';
import { routeMatcher } from './paths';
import { spaceSchema } from './spaces';
import { wireId } from './wire';

export interface EndpointSchemas {
  /** The JSON body the client sends, when the endpoint takes one. */
  request?: z.ZodType;
  /** The JSON body of any 2xx answer. */
  response?: z.ZodType;
  /** Instead of `response`, where successes differ by status: the only 2xx statuses it answers. */
  responses?: Readonly<Partial<Record<number, z.ZodType>>>;
}

/** The shape of POST /agents/{slug}/messages/async as the client sends it (spec 001 §7). */
export const sendMessageRequestSchema = z.object({
  session_id: wireId.nullable(),
  message: z.string().min(1),
  referenced_document_ids: z.array(wireId),
  brand_documents: z.array(wireId),
  brand_voice: z.string().nullable(),
  k_value_ref_docs: z.number().int().min(1).max(15),
  k_value_kb: z.number().int().min(1).max(15),
  mode: z.enum(CHAT_MODES),
});

export const ENDPOINTS: Readonly<Record<string, EndpointSchemas>> = {
  'POST /login': { request: z.object({ email: z.string(), password: z.string() }), response: sessionAnswerSchema },
  'POST /register': { responses: { 201: sessionAnswerSchema } },
  // A request to join an existing organisation gets no session, only the message to show.
  'POST /register/with-domain': { responses: { 201: sessionAnswerSchema, 202: z.object({ message: z.string() }) } },
  'POST /refresh': { request: z.object({ refresh_token: z.string() }), response: tokenAnswerSchema },
  'GET /me': { response: userSchema },
  'GET /spaces/': { response: z.array(spaceSchema) },
  'POST /spaces/': {
    request: z.object({ name: z.string(), slug: z.string(), description: z.string().optional() }),
    responses: { 201: spaceSchema },
  },
  'GET /billing/plan': { response: planSchema },
  'GET /billing/credits': { response: creditsSchema },
  'GET /integrations/ga4/accounts': { response: ga4AccountsResponseSchema },
  'GET /integrations/ga4/properties': { response: ga4PropertiesResponseSchema },
  'GET /integrations/ga4/linked-properties': { response: ga4LinkedPropertiesResponseSchema },
  'POST /integrations/ga4/link': {
    request: z.object({ google_oauth_account_id: z.string(), ga4_property_id: z.string(), ga4_property_display_name: z.string() }),
    responses: { 201: ga4LinkedPropertySchema },
  },
  'GET /integrations/ga4/auth/status': { response: ga4AuthStatusSchema },
  'GET /agents': { response: z.array(agentSchema) },
  'GET /agents/sessions': { response: z.array(chatSessionSchema) },
  'GET /agents/sessions/:id/messages': { response: sessionWithMessagesSchema },
  'POST /agents/:slug/messages/async': { request: sendMessageRequestSchema, responses: { 202: acceptedSchema } },
  'GET /agents/sessions/:id/poll': { response: pollSchema },
  'POST /agents/sessions/:id/cancel': { response: runSchema },
  'GET /orgs/members': { response: z.object({ members: z.array(orgMemberSchema) }) },
  'PUT /orgs/members/:id/role': { request: z.object({ role: z.enum(ORG_ROLES) }), response: orgMemberSchema },
  'GET /orgs/invites': { response: z.object({ invites: z.array(orgInviteSchema) }) },
  'POST /orgs/invites': { request: z.object({ email: z.string(), role: z.enum(INVITE_ROLES) }), responses: { 201: sentInviteSchema } },
  'GET /orgs/join-requests': { response: z.object({ join_requests: z.array(joinRequestSchema) }) },
};

const MATCHERS = Object.entries(ENDPOINTS).map(([key, schemas]) => {
  const [method, path] = key.split(' ') as [string, string];
  return { key, method, matcher: routeMatcher(path), schemas };
});

/**
 * The table's entry for a concrete call ('GET', '/agents/sessions/abc/poll?since=…'), or undefined
 * for an endpoint the table does not list. A literal route wins over a `:param` one
 * ('/agents/sessions' is not '/agents/:slug').
 */
export function endpointFor(method: string, path: string): { key: string; schemas: EndpointSchemas } | undefined {
  const bare = path.split(/[?#]/)[0] ?? path;
  const matching = MATCHERS.filter((entry) => entry.method === method.toUpperCase() && entry.matcher.test(bare));
  const best = matching.find((entry) => !entry.key.includes(':')) ?? matching[0];
  return best && { key: best.key, schemas: best.schemas };
}
