/** GET /onboarding and PUT /onboarding/dismissal as schemas; the types they fit are in onboarding.ts. */
import { z } from 'zod';
import type { Onboarding, OnboardingDismissal } from './onboarding';

export const onboardingSchema = z.object({
  steps: z.object({
    brand_voice: z.boolean(),
    knowledge: z.boolean(),
    analytics: z.boolean(),
    team: z.boolean(),
    chat: z.boolean(),
  }),
  /** The person closed the checklist (on any device). */
  dismissed: z.boolean(),
  /** The organisation the steps set up, for the checklist's wording. */
  organisation_name: z.string(),
}) satisfies z.ZodType<Onboarding>;

/** PUT /onboarding/dismissal. */
export const onboardingDismissalSchema = z.object({ dismissed: z.boolean({ error: 'dismissed must be true or false' }) }) satisfies z.ZodType<OnboardingDismissal>;
