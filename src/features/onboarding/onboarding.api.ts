import { http } from '../../api';
import type { Onboarding } from '../../contract/onboarding';

/** GET /onboarding: the checklist's steps for the organisation and current space, and whether it was closed. */
export const fetchOnboarding = () => http.get<Onboarding>('/onboarding');

/** PUT /onboarding/dismissal: close (or bring back) the checklist on every device. */
export const putDismissal = (dismissed: boolean) => http.put<Onboarding>('/onboarding/dismissal', { dismissed });
