/** The "Get started" checklist's calls, through the contract's routes (src/contract/onboarding-routes.ts). */
import { callEndpoint } from '../../api';
import type { Onboarding } from '../../contract/onboarding';
import { ONBOARDING_ROUTES } from '../../contract/onboarding-routes';

/**
 * The checklist's steps for the organisation and current space, and whether it was closed. A plain
 * call (no options), so it takes the Dashboard's early GET of it (src/app/routes.tsx).
 */
export const fetchOnboarding = (): Promise<Onboarding> => callEndpoint(ONBOARDING_ROUTES.checklist);

/** Close (or bring back) the checklist on every device. */
export const putDismissal = (dismissed: boolean): Promise<Onboarding> => callEndpoint(ONBOARDING_ROUTES.dismiss, { body: { dismissed } });
