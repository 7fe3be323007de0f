/**
 * The Dashboard's "Get started" checklist for a new organisation (GET /onboarding, PUT
 * /onboarding/dismissal). Each step is done from real data, read by the server for the caller's
 * organisation and current space; closing the checklist is remembered for the person on the
 * server, so it stays closed on every device they use.
 */
import { z } from 'zod';

/** The steps, in the order the checklist lists them. */
export const CHECKLIST_STEPS = ['brand_voice', 'knowledge', 'analytics', 'team', 'chat'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

/**
 * What makes each step done:
 * - brand_voice: the organisation's brand voice has text;
 * - knowledge: a document of the current space is ready;
 * - analytics: a GA4 property is linked to the current space;
 * - team: the organisation has two members or more, or an invitation waiting for an answer;
 * - chat: the current space has a chat (not deleted).
 */
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
}) satisfies z.ZodType<{ steps: Record<ChecklistStep, boolean> }>;
export type Onboarding = z.infer<typeof onboardingSchema>;

/** PUT /onboarding/dismissal: close (true) or bring back (false) the checklist. */
export const onboardingDismissalSchema = z.object({ dismissed: z.boolean({ error: 'dismissed must be true or false' }) });
export type OnboardingDismissal = z.infer<typeof onboardingDismissalSchema>;
