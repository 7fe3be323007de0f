/**
 * The Dashboard's "Get started" checklist for a new organisation (GET /onboarding, PUT
 * /onboarding/dismissal). Each step is done from real data, read by the server for the caller's
 * organisation and current space; closing the checklist is remembered for the person on the
 * server, so it stays closed on every device they use.
 */
/** The steps, in the order the checklist lists them. */
export const CHECKLIST_STEPS = ['brand_voice', 'knowledge', 'analytics', 'team', 'chat'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

/**
 * GET /onboarding. What makes each step done:
 * - brand_voice: the organisation's brand voice has text;
 * - knowledge: a document of the current space is ready;
 * - analytics: a GA4 property is linked to the current space;
 * - team: the organisation has two members or more, or an invitation waiting for an answer;
 * - chat: the current space has a chat (not deleted).
 * (The schemas are in onboarding-schemas.ts: the Dashboard loads this file.)
 */
export interface Onboarding {
  steps: Record<ChecklistStep, boolean>;
  /** The person closed the checklist (on any device). */
  dismissed: boolean;
  /** The organisation the steps set up, for the checklist's wording. */
  organisation_name: string;
}

/** PUT /onboarding/dismissal: close (true) or bring back (false) the checklist. */
export interface OnboardingDismissal {
  dismissed: boolean;
}
