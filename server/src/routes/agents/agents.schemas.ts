/** Request and response shapes of the agents API (spec 001 §3, §7). */
import { z } from 'zod';
import { CHAT_MODES } from '../../../../src/contract/chat';
import { AGENT_SLUGS } from '../../agents/types';
import { FEEDBACK_CATEGORIES } from '../../services/agents/feedback.service';
import { agentSettingsSchema } from '../../services/agents/settings.service';
import { AGENT_MESSAGES } from '../../services/agents/messages';
import { agentSchema as wireAgentSchema } from '../../../../src/contract/agents';
import { MAX_ATTACHED_ASSETS } from '../../services/assets/asset-context';

// The answers' shapes are the contract's (src/contract/agents.ts), shared with the client.
export {
  acceptedSchema,
  chatMessageSchema as messageSchema,
  chatSessionSchema as sessionSchema,
  pollSchema,
  runSchema,
} from '../../../../src/contract/agents';

/** The contract's agent, with the slugs this server knows. */
export const agentSchema = wireAgentSchema.extend({ slug: z.enum(AGENT_SLUGS) });

export const MESSAGE_MAX_LENGTH = 20_000;

export const slugParams = z.object({ slug: z.string().min(1).max(100) });
export const idParams = z.object({ id: z.uuid({ error: 'Must be an id' }) });

export const sessionsQuery = z.object({
  slug: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

const documentIds = (max: number) => z.array(z.uuid({ error: 'Must be a document id' })).max(max).default([]);

/** Spec 001 §7 payload of POST /agents/{slug}/messages/async (and of the synchronous variant). */
export const sendBody = z.object({
  session_id: z.uuid({ error: 'Must be a chat session id' }).nullish(),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
  referenced_document_ids: documentIds(50),
  brand_documents: documentIds(20),
  /** Brand voice text to use for this message; anything else → the organisation's. */
  brand_voice: z.union([z.string().max(MESSAGE_MAX_LENGTH), z.boolean(), z.null()]).optional(),
  k_value_ref_docs: z.number().int().min(1).max(15).optional(),
  k_value_kb: z.number().int().min(1).max(15).optional(),
  /** Not in the spec's payload; when absent the mode follows k_value_kb (5/10/15), else the agent's default. */
  mode: z.enum(CHAT_MODES).optional(),
  /** Not in the spec's payload: the message this one follows (the end of the branch on screen); absent → the newest. */
  parent_message_id: z.uuid({ error: 'Must be a message id' }).nullish(),
  /** Not in the spec's payload: send a new version of this user message (an edit). */
  edits_message_id: z.uuid({ error: 'Must be a message id' }).optional(),
  /** Not in the spec's payload: creative assets attached to the message (docs/assets.md "Attaching assets"). */
  asset_ids: z.array(z.uuid({ error: 'Must be an asset id' })).max(MAX_ATTACHED_ASSETS, `Attach at most ${MAX_ATTACHED_ASSETS} assets to one message`).default([]),
}).refine((body) => !(body.edits_message_id && body.parent_message_id), {
  message: AGENT_MESSAGES.editAndParentTogether,
  path: ['edits_message_id'],
});

/** GET …/messages?versions=: `current` (the newest branch, what a spec client shows) or `all` (the whole tree). */
export const messagesQuery = z.object({
  versions: z.enum(['current', 'all'], { error: 'versions must be current or all' }).default('current'),
});

export const pollQuery = z.object({
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO 8601 date-time' }).optional(),
});

export const ratingBody = z.object({
  /** 1 = helpful (thumbs up), -1 = not helpful; null clears the rating. */
  rating: z.union([z.literal(1), z.literal(-1), z.null()], { error: 'Rating must be 1, -1 or null' }),
  feedback_categories: z.array(z.enum(FEEDBACK_CATEGORIES)).max(FEEDBACK_CATEGORIES.length).default([]),
  feedback_text: z.string().max(2000, 'Feedback must be at most 2000 characters').nullish(),
});

export const documentSchema = z.object({
  id: z.uuid(),
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
});

export const documentSearchQuery = z.object({
  query: z.string().trim().min(1, 'Enter something to search for').max(200),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const toggleBody = z.object({ is_enabled: z.boolean({ error: 'is_enabled must be true or false' }) });
export const bulkBody = z.object({
  document_ids: z.array(z.uuid({ error: 'Must be a document id' })).min(1).max(500),
  is_enabled: z.boolean({ error: 'is_enabled must be true or false' }),
});

export const settingsSchema = agentSettingsSchema.extend({
  agent_slug: z.string(),
  engine: z.string(),
  engine_model: z.string(),
  available_providers: z.array(z.string()),
});
