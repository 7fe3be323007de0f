/**
 * The "Get started" checklist's endpoints' methods and paths (onboarding.ts), by the names
 * onboarding-endpoints.ts declares their schemas under. No schemas here: the Dashboard calls
 * through these and starts its GET early, and loads no schema library for it (endpoint.ts).
 */
import type { OnboardingDeclarations } from './onboarding-endpoints';
import { routesFor } from './endpoint';

export const ONBOARDING_ROUTES = routesFor<OnboardingDeclarations>()({
  checklist: ['GET', '/onboarding'],
  dismiss: ['PUT', '/onboarding/dismissal'],
});
