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
import { agentModeRunDetailSchema, agentModeRunPageSchema, answerSchema, createRunSchema, editStepSchema } from './agent-mode';
import {
  acceptedSchema,
  agentSchema,
  chatSessionSchema,
  pollSchema,
  regeneratedSchema,
  regenerationAcceptedSchema,
  runSchema,
  sessionWithMessagesSchema,
  stopResultSchema,
} from './agents';
import {
  adminOrganizationDetailSchema,
  adminOrganizationPageSchema,
  adminOverviewSchema,
  adminSecuritySummarySchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  creditAdjustedSchema,
  creditAdjustmentBodySchema,
  reasonBodySchema,
  resetLinkSentSchema,
} from './admin';
import { auditPageSchema } from './audit';
import { accountSessionsSchema, emailConfirmedSchema, messageAnswerSchema } from './account-schemas';
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
import { sessionAnswerSchema, tokenAnswerSchema, userSchema } from './session-answers';
import { deletedSessionSchema, historyPageSchema, historySearchSchema, historySessionSchema } from './chat-history-schemas';
import { CHAT_MODES } from './chat';
import {
  ga4AccountsResponseSchema,
  ga4AuthStatusSchema,
  ga4LinkedPropertiesResponseSchema,
  ga4LinkedPropertySchema,
  ga4PropertiesResponseSchema,
} from './ga4-schemas';
import { INVITE_ROLES, ORG_ROLES } from './orgs';
import { joinRequestSchema, orgContactsSchema, orgInviteSchema, orgMemberSchema, reissuedInviteLinkSchema, sentInviteSchema } from './orgs-schemas';
import { organizationSchema, updateOrganizationSchema } from './organization';
import { adminDomainClaimListSchema, adminDomainClaimSchema, claimDomainBodySchema, domainClaimListSchema, domainClaimSchema } from './domain-claims';
import { ssoCompleteAnswerSchema, ssoCompleteBodySchema, ssoLookupSchema } from './sso-schemas';
import { ssoProviderSchema, ssoSettingsSchema, updateSsoSettingsSchema } from './sso-settings';
import { CONTRACT_ENDPOINTS } from './all-endpoints';
import type { WireSchema } from './endpoint';
import { routeMatcher } from './paths';
import { createdShareLinkSchema, shareLinkListSchema, sharedChatSchema } from './chat-shares';
import { documentTextSchema, downloadLinkSchema } from './document-preview';
import { wireId } from './wire';

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

/** The shape of POST /agents/{slug}/messages/async as the client sends it (spec 001 §7). */
export const sendMessageRequestSchema = z.object({
  session_id: z.nullable(wireId),
  message: z.string().min(1),
  referenced_document_ids: z.array(wireId),
  brand_documents: z.array(wireId),
  brand_voice: z.string().nullable(),
  k_value_ref_docs: z.number().int().min(1).max(15),
  k_value_kb: z.number().int().min(1).max(15),
  mode: z.enum(CHAT_MODES),
  parent_message_id: z.optional(z.nullable(wireId)),
  edits_message_id: z.optional(wireId),
  /** Creative assets attached to the message (docs/assets.md "Attaching assets"); not in the spec's payload. */
  asset_ids: z.array(wireId).optional(),
});

export const ENDPOINTS: Readonly<Record<string, EndpointSchemas>> = {
  'POST /login': { request: z.object({ email: z.string(), password: z.string() }), response: sessionAnswerSchema },
  'POST /register': { responses: { 201: sessionAnswerSchema } },
  // A request to join an existing organisation gets no session, only the message to show.
  'POST /register/with-domain': { responses: { 201: sessionAnswerSchema, 202: z.object({ message: z.string() }) } },
  'POST /refresh': { request: z.object({ refresh_token: z.string() }), response: tokenAnswerSchema },
  'GET /me': { response: userSchema },
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
  'POST /agents/messages/:id/regenerate': { response: regeneratedSchema },
  'POST /agents/messages/:id/regenerate/async': { responses: { 202: regenerationAcceptedSchema } },
  'POST /agents/sessions/:id/cancel': { response: runSchema },
  // text/event-stream, not JSON: its events are streamDeltaSchema and streamDoneSchema (agents.ts).
  'GET /agents/sessions/:id/stream': {},
  'POST /agents/sessions/:id/stop': { response: stopResultSchema },
  'GET /agents/history': { response: historyPageSchema },
  'GET /agents/history/search': { response: historySearchSchema },
  'PATCH /agents/sessions/:id': { request: z.object({ title: z.string().optional(), pinned: z.boolean().optional() }), response: historySessionSchema },
  'DELETE /agents/sessions/:id': { response: deletedSessionSchema },
  'POST /agents/sessions/:id/restore': { response: historySessionSchema },
  'GET /kb/documents/:id/text': { response: documentTextSchema },
  'GET /kb/documents/:id/download': { response: downloadLinkSchema },
  'GET /agents/sessions/:id/shares': { response: shareLinkListSchema },
  'POST /agents/sessions/:id/shares': { responses: { 201: createdShareLinkSchema } },
  'DELETE /agents/sessions/:id/shares/:shareId': { responses: { 204: z.null() } },
  'GET /public/shares/:token': { response: sharedChatSchema },
  'GET /agent-mode/runs': { response: agentModeRunPageSchema },
  'POST /agent-mode/runs': { request: createRunSchema, responses: { 201: agentModeRunDetailSchema } },
  'GET /agent-mode/runs/:id': { response: agentModeRunDetailSchema },
  // text/event-stream, not JSON: its events are RUN_STREAM_EVENTS (agent-mode.ts).
  'GET /agent-mode/runs/:id/stream': {},
  'POST /agent-mode/runs/:id/approve': { response: agentModeRunDetailSchema },
  'POST /agent-mode/runs/:id/pause': { response: agentModeRunDetailSchema },
  'POST /agent-mode/runs/:id/resume': { response: agentModeRunDetailSchema },
  'POST /agent-mode/runs/:id/cancel': { response: agentModeRunDetailSchema },
  'POST /agent-mode/runs/:id/answer': { request: answerSchema, response: agentModeRunDetailSchema },
  'PATCH /agent-mode/runs/:id/steps/:stepId': { request: editStepSchema, response: agentModeRunDetailSchema },
  'GET /orgs/members': { response: z.object({ members: z.array(orgMemberSchema) }) },
  'PUT /orgs/members/:id/role': { request: z.object({ role: z.enum(ORG_ROLES) }), response: orgMemberSchema },
  'GET /orgs/invites': { response: z.object({ invites: z.array(orgInviteSchema) }) },
  'POST /orgs/invites': { request: z.object({ email: z.string(), role: z.enum(INVITE_ROLES) }), responses: { 201: sentInviteSchema } },
  'POST /orgs/invites/:id/link': { response: reissuedInviteLinkSchema },
  'GET /orgs/contacts': { response: orgContactsSchema },
  'GET /settings/org': { response: organizationSchema },
  'PUT /settings/org': { request: updateOrganizationSchema, response: organizationSchema },
  'GET /auth/sso/lookup': { response: ssoLookupSchema },
  'POST /auth/sso/complete': { request: ssoCompleteBodySchema, response: ssoCompleteAnswerSchema },
  'GET /settings/sso': { response: ssoSettingsSchema },
  'PUT /settings/sso': { request: updateSsoSettingsSchema, response: ssoProviderSchema },
  'DELETE /settings/sso': { responses: { 204: z.null() } },
  'GET /settings/domain-claims': { response: domainClaimListSchema },
  'POST /settings/domain-claims': { request: claimDomainBodySchema, responses: { 200: domainClaimSchema, 201: domainClaimSchema } },
  'POST /settings/domain-claims/:domain/verify': { response: domainClaimSchema },
  'POST /settings/domain-claims/:domain/review': { response: domainClaimSchema },
  'GET /orgs/join-requests': { response: z.object({ join_requests: z.array(joinRequestSchema) }) },
  'POST /auth/password/forgot': { request: z.object({ email: z.string() }), responses: { 202: messageAnswerSchema } },
  'POST /auth/password/reset': { request: z.object({ token: z.string(), password: z.string() }), responses: { 204: z.null() } },
  'POST /auth/email/confirm': { request: z.object({ token: z.string() }), response: emailConfirmedSchema },
  'PUT /account/profile': { request: z.object({ name: z.string() }), response: userSchema },
  'POST /account/password': {
    request: z.object({ current_password: z.string(), new_password: z.string() }),
    responses: { 204: z.null() },
  },
  'POST /account/email': { request: z.object({ new_email: z.string(), current_password: z.string() }), responses: { 202: messageAnswerSchema } },
  'GET /account/sessions': { response: accountSessionsSchema },
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
  'DELETE /account/sessions/:id': { responses: { 204: z.null() } },
  // The organisation's activity log (owners) and the platform admin area (docs/admin.md).
  'GET /orgs/audit': { response: auditPageSchema },
  'GET /admin/overview': { response: adminOverviewSchema },
  'GET /admin/security': { response: adminSecuritySummarySchema },
  'GET /admin/audit': { response: auditPageSchema },
  'GET /admin/users': { response: adminUserPageSchema },
  'GET /admin/users/:id': { response: adminUserDetailSchema },
  'POST /admin/users/:id/suspend': { request: reasonBodySchema, response: adminUserDetailSchema },
  'POST /admin/users/:id/reactivate': { request: reasonBodySchema, response: adminUserDetailSchema },
  'POST /admin/users/:id/sign-out': { request: reasonBodySchema, response: adminUserDetailSchema },
  'POST /admin/users/:id/password-reset': { response: resetLinkSentSchema },
  'GET /admin/organizations': { response: adminOrganizationPageSchema },
  'GET /admin/organizations/:id': { response: adminOrganizationDetailSchema },
  'POST /admin/organizations/:id/credits': { request: creditAdjustmentBodySchema, response: creditAdjustedSchema },
  'GET /admin/domain-claims': { response: adminDomainClaimListSchema },
  'POST /admin/domain-claims/:id/approve': { request: reasonBodySchema, response: adminDomainClaimSchema },
  'POST /admin/domain-claims/:id/reject': { request: reasonBodySchema, response: adminDomainClaimSchema },
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
