/**
 * What the agents endpoints take (spec 001 §3, §7; docs/agents.md): their path parameters, queries
 * and bodies, with the messages a 422 names, and the answers agents.ts does not hold (agent
 * settings, document access, the synchronous send). The endpoints are declared in
 * agents-endpoints.ts; the chat history's shapes are in chat-history-schemas.ts, the share links'
 * in chat-shares.ts.
 */
import { z } from 'zod';
import { AGENT_DOCUMENTS_PAGE_DEFAULT, AGENT_DOCUMENTS_PAGE_MAX, acceptedSchema, chatMessageSchema, MESSAGES_PAGE_MAX } from './agents';
import { MAX_ATTACHED_ASSETS } from './asset-types';
import { CHAT_MODES } from './chat';
import { FEEDBACK_CATEGORIES } from './feedback-categories';
import { wireId } from './wire';

/** Longest message, and longest brand voice sent with one. */
export const MESSAGE_MAX_LENGTH = 20_000;

// --- Path parameters.

export const slugParams = z.object({ slug: z.string().min(1).max(100) });
export const idParams = z.object({ id: z.uuid({ error: 'Must be an id' }) });
export const documentParams = slugParams.extend({ docId: z.uuid({ error: 'Must be a document id' }) });
export const shareParams = idParams.extend({ shareId: z.uuid({ error: 'Must be an id' }) });

// --- Ids in bodies.

/**
 * How an id a body carries is checked, given the message that says what it must be. The client
 * holds ids as opaque text (wire.ts), and so do the bodies below; the server, whose ids are UUIDs,
 * extends a body with the same fields built with its UUID check (server/src/routes/agents/), so
 * each field's limits and messages are written here once.
 */
export type IdCheck = (message: string) => z.core.$ZodType<string, string>;

const opaqueId: IdCheck = () => wireId;

/** The ids a message names: its chat, the message it follows or edits, its documents and assets. */
export function sendMessageIds(id: IdCheck) {
  return {
    session_id: z.nullish(id('Must be a chat session id')),
    referenced_document_ids: z.array(id('Must be a document id')).max(50).default([]),
    brand_documents: z.array(id('Must be a document id')).max(20).default([]),
    parent_message_id: z.nullish(id('Must be a message id')),
    edits_message_id: z.optional(id('Must be a message id')),
    asset_ids: z
      .array(id('Must be an asset id'))
      .max(MAX_ATTACHED_ASSETS, `Attach at most ${MAX_ATTACHED_ASSETS} assets to one message`)
      .default([]),
  };
}

/** The documents whose access changes at once. */
export function documentAccessIds(id: IdCheck) {
  return { document_ids: z.array(id('Must be a document id')).min(1).max(500) };
}

// --- Chat.

const sentIds = sendMessageIds(opaqueId);

/** Spec 001 §7 payload of POST /agents/{slug}/messages/async (and of the synchronous variant). */
export const sendMessageBody = z.object({
  session_id: sentIds.session_id,
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
  referenced_document_ids: sentIds.referenced_document_ids,
  brand_documents: sentIds.brand_documents,
  /** Brand voice text to use for this message; anything else → the organisation's. */
  brand_voice: z.union([z.string().max(MESSAGE_MAX_LENGTH), z.boolean(), z.null()]).optional(),
  k_value_ref_docs: z.number().int().min(1).max(15).optional(),
  k_value_kb: z.number().int().min(1).max(15).optional(),
  /** Not in the spec's payload; when absent the mode follows k_value_kb (5/10/15), else the agent's default. */
  mode: z.enum(CHAT_MODES).optional(),
  /** Not in the spec's payload: the message this one follows (the end of the branch on screen); absent → the newest. */
  parent_message_id: sentIds.parent_message_id,
  /** Not in the spec's payload: send a new version of this user message (an edit). */
  edits_message_id: sentIds.edits_message_id,
  /** Not in the spec's payload: creative assets attached to the message (docs/assets.md "Attaching assets"). */
  asset_ids: sentIds.asset_ids,
});

/** 200 from POST /agents/{slug}/messages: the send's answer with the reply, once it is written. */
export const answeredMessageSchema = acceptedSchema.omit({ status: true }).extend({ reply: chatMessageSchema });

export const sessionsQuery = z.object({
  slug: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET …/messages?versions=: `current` (the newest branch, what a spec client shows) or `all` (the whole tree). */
export const messagesQuery = z.object({
  versions: z.enum(['current', 'all'], { error: 'versions must be current or all' }).default('current'),
  /** A page: the newest `limit` messages (of the branch, or of every version), oldest first. */
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).optional(),
  /** The next page: the messages before this one (the first message of the previous page). */
  before: z.optional(wireId),
});

export const pollQuery = z.object({
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO 8601 date-time' }).optional(),
});

/**
 * POST /agents/messages/{id}/rating. The categories are any text here: the server accepts those its
 * rating reports know, and extends this field with them.
 */
export const ratingBody = z.object({
  /** 1 = helpful (thumbs up), -1 = not helpful; null clears the rating. */
  rating: z.union([z.literal(1), z.literal(-1), z.null()], { error: 'Rating must be 1, -1 or null' }),
  feedback_categories: z.array(z.enum(FEEDBACK_CATEGORIES)).max(FEEDBACK_CATEGORIES.length).default([]),
  feedback_text: z.string().max(2000, 'Feedback must be at most 2000 characters').nullish(),
});

// --- Agent configuration: settings and document access.

/** An agent's settings in a space (spec 001 §7; the body is ours to design). */
export const agentSettingsSchema = z.object({
  /** null → the server's default engine. */
  provider: z.enum(['openai', 'anthropic', 'google', 'openai-compatible', 'offline']).nullable(),
  model: z.string().trim().min(1).max(200).nullable(),
  temperature: z.number().min(0).max(2).nullable(),
  max_output_tokens: z.number().int().min(64).max(32_000).nullable(),
  default_mode: z.enum(['normal', 'medium', 'max']),
  custom_instructions: z.string().max(4000),
});

/** GET /agents/{slug}/settings: the settings, with what they resolve to on this server. */
export const agentSettingsViewSchema = agentSettingsSchema.extend({
  agent_slug: z.string(),
  engine: z.string(),
  engine_model: z.string(),
  available_providers: z.array(z.string()),
});

/**
 * What GET adds to the settings to describe this server (which engine they resolve to, what is
 * configured): a PUT may send a GET's body back unchanged, so these are accepted and ignored.
 */
const readOnlySettingsFields = {
  agent_slug: z.unknown().optional(),
  engine: z.unknown().optional(),
  engine_model: z.unknown().optional(),
  available_providers: z.unknown().optional(),
};

/** PUT /agents/{slug}/settings: only the fields to change; any other unknown field is refused by name (strict). */
export const agentSettingsPatchSchema = agentSettingsSchema
  .partial()
  .extend(readOnlySettingsFields)
  .strict()
  .transform(({ agent_slug: _slug, engine: _engine, engine_model: _model, available_providers: _available, ...patch }) => patch);

export const agentDocumentSchema = z.object({
  id: wireId,
  filename: z.string(),
  is_enabled: z.boolean(),
  category: z.string().nullable(),
  status: z.string(),
});

export const documentsQuery = z.object({
  enabled_only: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(AGENT_DOCUMENTS_PAGE_MAX).default(AGENT_DOCUMENTS_PAGE_DEFAULT),
});

/** GET /agents/{slug}/documents: a page of the space's documents by name, and the cursor of the next (null on the last). */
export const agentDocumentPageSchema = z.object({ documents: z.array(agentDocumentSchema), next_cursor: z.string().nullable() });

export const documentSearchQuery = z.object({
  query: z.string().trim().min(1, 'Enter something to search for').max(200),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const documentAccessBody = z.object({ is_enabled: z.boolean({ error: 'is_enabled must be true or false' }) });

export const documentsAccessBody = z.object({
  document_ids: documentAccessIds(opaqueId).document_ids,
  is_enabled: documentAccessBody.shape.is_enabled,
});

export const documentsAccessChangedSchema = z.object({ updated: z.number().int(), documents: z.array(agentDocumentSchema) });
