/**
 * What anyone with a chat's share link reads, without signing in (docs/agents.md "Share links"):
 * the conversation as it was when the link was made. A revoked link, a deleted chat and a token
 * that never existed all answer the same 404. Method and path are in public-share-routes.ts.
 */
import { z } from 'zod';
import { sharedChatSchema } from './chat-shares';
import type { EndpointDeclaration } from './endpoint';

export const PUBLIC_SHARE_DECLARATIONS = {
  view: {
    tags: ['agents'],
    auth: 'public',
    summary: 'A shared chat, read-only, for anyone with its link (no sign-in)',
    params: z.object({ token: z.string().max(200) }),
    answers: { 200: sharedChatSchema },
    errors: [404],
  },
} satisfies Record<string, EndpointDeclaration>;

export type PublicShareDeclarations = typeof PUBLIC_SHARE_DECLARATIONS;
