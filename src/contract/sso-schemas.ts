/**
 * The single sign-on calls' bodies and answers as schemas (docs/sso.md); the types they fit, the
 * texts and the codes are in sso.ts. zod/mini, as session-answers.ts which they extend.
 */
import { z } from 'zod/mini';
import { sessionAnswerSchema } from './session-answers';
import type { SsoCompleteAnswer, SsoLookup } from './sso';

/** GET /auth/sso/lookup?email=: whether the address's domain signs in through a provider. */
export const ssoLookupSchema = z.object({
  sso: z.nullable(
    z.object({
      provider_name: z.string(),
      organization_name: z.string(),
    }),
  ),
}) satisfies z.ZodMiniType<SsoLookup>;

/** POST /auth/sso/complete {handoff}: the one-time hand-over code from the app page's query. */
export const ssoCompleteBodySchema = z.object({ handoff: z.string().check(z.minLength(1), z.maxLength(200)) });
export const ssoCompleteAnswerSchema = z.extend(sessionAnswerSchema, {
  /** The in-app path the person was heading to when they started, if any. */
  redirect: z.nullable(z.string()),
}) satisfies z.ZodMiniType<SsoCompleteAnswer>;
