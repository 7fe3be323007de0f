/**
 * The Dashboard's "Get started" checklist (onboarding.ts): the steps' state for the caller's
 * organisation and current space, and the caller's own choice to close it. Space-scoped, for
 * everyone in an organisation. Methods and paths are in onboarding-routes.ts.
 */
import type { EndpointDeclaration } from './endpoint';
import { onboardingDismissalSchema, onboardingSchema } from './onboarding-schemas';

const common = { tags: ['onboarding'], auth: 'bearer' } as const;

export const ONBOARDING_DECLARATIONS = {
  checklist: {
    ...common,
    summary: "The \"Get started\" checklist: which steps are done in the caller's organisation and current space, and whether the caller closed it",
    answers: { 200: onboardingSchema },
    errors: [400, 401, 403, 404],
  },
  dismiss: {
    ...common,
    summary: 'Close the checklist for the caller on every device (dismissed: true), or bring it back (false)',
    body: onboardingDismissalSchema,
    answers: { 200: onboardingSchema },
    errors: [400, 401, 403, 404, 422],
  },
} satisfies Record<string, EndpointDeclaration>;

export type OnboardingDeclarations = typeof ONBOARDING_DECLARATIONS;
