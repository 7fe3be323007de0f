/**
 * What login, register, /refresh and /me answer (spec 000 §3). Built with zod/mini (see wire.ts):
 * the Login screen checks single sign-on answers with them.
 */
import { z } from 'zod/mini';
import { ROLES, type User } from './auth';
import { wireId } from './wire';

/** The user record returned by login, register and /me (spec 000 §3). */
export const userSchema = z.object({
  id: wireId,
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  org_id: z.nullable(wireId),
}) satisfies z.ZodMiniType<User>;

/** POST /refresh → a new pair; POST /login and /register add the user (sessionAnswerSchema). */
export const tokenAnswerSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
});
export const sessionAnswerSchema = z.extend(tokenAnswerSchema, { user: userSchema });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
