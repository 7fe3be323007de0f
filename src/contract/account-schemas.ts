/** The account calls' answers as schemas; the types they fit, limits and texts are in account.ts. */
import { z } from 'zod';
import type { AccountSession, MessageAnswer } from './account';
import { wireId } from './wire';

export const messageAnswerSchema = z.object({ message: z.string() }) satisfies z.ZodType<MessageAnswer>;

/** POST /auth/email/confirm: the address the account now signs in with. */
export const emailConfirmedSchema = z.object({ message: z.string(), email: z.string() });

export const accountSessionSchema = z.object({
  id: wireId,
  created_at: z.string(),
  last_used_at: z.string(),
  user_agent: z.string().nullable(),
  ip_address: z.string().nullable(),
  current: z.boolean(),
}) satisfies z.ZodType<AccountSession>;
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
/** How many devices "Sign out all other devices" signed out. */
export const otherSessionsRevokedSchema = z.object({ revoked: z.number().int().min(0) });
