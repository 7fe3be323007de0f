/**
 * Shapes of the sign-in responses (spec 000 §3, §7), checked at the edge so a malformed answer
 * fails loudly instead of leaving a half-stored session.
 */
import { z } from 'zod';
import type { TokenPair, User } from './auth.types';

export const roleSchema = z.enum(['system_admin', 'support_admin', 'org_owner', 'org_admin', 'org_member']);

export const userSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  org_id: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) => (value === undefined || value === null ? null : String(value))),
}) satisfies z.ZodType<User>;

export const tokenPairSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
}) satisfies z.ZodType<TokenPair>;

export const sessionResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  user: userSchema,
});

export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const domainCheckSchema = z.object({
  has_existing_org: z.boolean(),
  organization_name: z.string().optional(),
});

export type DomainCheck = z.infer<typeof domainCheckSchema>;

/** with-domain answers either a message (join request) or a full session (new organisation). */
export const domainRegistrationSchema = z.object({
  message: z.string().optional(),
  access_token: z.string().min(1).optional(),
  refresh_token: z.string().min(1).optional(),
  user: userSchema.optional(),
});
