/**
 * Read-only share links of chats (docs/agents.md "Share links"). A link shows the conversation as
 * it was when the link was made to anyone who has it, without signing in, and nothing else of the
 * organisation: no other chats, no names or emails, no document ids. It stops working when revoked
 * or when the chat is deleted (a 404 page). The chat's starter and organisation owners and admins
 * make links (the rename/delete rule of the history); they and whoever made a link revoke it;
 * everyone in the space sees the active links.
 */
import { z } from 'zod';
import type { Role } from './auth';
import { manageChatBlockedReason } from './chat-history';
import { SHARE_PAGE_PREFIX } from './paths';
import { wireId } from './wire';

export { SHARE_PAGE_PREFIX };

export function sharePath(token: string): string {
  return `${SHARE_PAGE_PREFIX}${token}`;
}

/** A share token: 32 random bytes, base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Active links one chat may have at once (each is a way in; a handful is plenty). */
export const SHARE_LINKS_PER_CHAT_MAX = 10;

export const SHARE_TEXTS = {
  notFound: 'This shared chat is not available. The link may have been revoked, or the chat deleted.',
  tooMany: `A chat can have at most ${SHARE_LINKS_PER_CHAT_MAX} active share links. Revoke one you no longer need first.`,
  linkNotFound: 'This share link does not exist or was already revoked.',
  othersChat: 'Members can share only the chats they started, and revoke the links they made. Ask an organisation owner or admin.',
} as const;

/** Why `actor` may not share a chat started by `startedBy`, or null when they may (the history's rename/delete rule). */
export function shareChatBlockedReason(actor: { id: string; role: Role }, startedBy: string | null): string | null {
  return manageChatBlockedReason(actor, startedBy) ? SHARE_TEXTS.othersChat : null;
}

export interface ShareLinkDto {
  id: string;
  /** The token's last characters, to tell links apart (the token itself is shown only once). */
  hint: string;
  created_at: string;
  /** Who made it (a colleague's name, within the organisation). */
  created_by_name: string | null;
  view_count: number;
  last_viewed_at: string | null;
}

/** POST /agents/sessions/{id}/shares: the new link, with its path (the only time the token is given). */
export interface CreatedShareLinkDto {
  link: ShareLinkDto;
  path: string;
}

export const shareLinkSchema = z.object({
  id: wireId,
  hint: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  view_count: z.number().int(),
  last_viewed_at: z.string().nullable(),
}) satisfies z.ZodType<ShareLinkDto>;

export const shareLinkListSchema = z.object({ links: z.array(shareLinkSchema) });
export const createdShareLinkSchema = z.object({ link: shareLinkSchema, path: z.string() }) satisfies z.ZodType<CreatedShareLinkDto>;

/** A cited passage as a shared chat shows it: the document's name and the words, nothing to open. */
export interface SharedCitationDto {
  n: number;
  filename: string;
  excerpt: string;
  cited: boolean;
}

export interface SharedMessageDto {
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
  citations: SharedCitationDto[];
}

/** GET /public/shares/{token} */
export interface SharedChatDto {
  title: string;
  agent_slug: string;
  agent_name: string;
  /** When the link was made: the conversation is shown up to then. */
  shared_at: string;
  messages: SharedMessageDto[];
}

export const sharedChatSchema = z.object({
  title: z.string(),
  agent_slug: z.string(),
  agent_name: z.string(),
  shared_at: z.string(),
  messages: z.array(
    z.object({
      role: z.enum(['user', 'assistant']),
      content: z.string(),
      created_at: z.string(),
      citations: z.array(z.object({ n: z.number().int(), filename: z.string(), excerpt: z.string(), cited: z.boolean() })),
    }),
  ),
}) satisfies z.ZodType<SharedChatDto>;
