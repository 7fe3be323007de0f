/**
 * Every endpoint declared with defineEndpoints (endpoint.ts), area by area: what the server's
 * route test holds the registered routes to (tests/server/routes-from-contract.test.ts) and what
 * the client tests' fake backends are checked against (with the areas endpoints.ts still lists).
 * A migrated area's endpoints file is added here.
 */
import { BILLING_ENDPOINTS } from './billing-endpoints';
import type { Endpoint } from './endpoint';
import { HEALTH_ENDPOINTS } from './health-endpoints';
import { NOTIFICATION_ENDPOINTS } from './notification-endpoints';
import { ONBOARDING_ENDPOINTS } from './onboarding-endpoints';
import { PROMPT_TEMPLATE_ENDPOINTS } from './prompt-template-endpoints';
import { SPACE_ENDPOINTS } from './spaces-endpoints';

export const CONTRACT_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(BILLING_ENDPOINTS),
  ...Object.values(PROMPT_TEMPLATE_ENDPOINTS),
  ...Object.values(NOTIFICATION_ENDPOINTS),
  ...Object.values(ONBOARDING_ENDPOINTS),
  ...Object.values(HEALTH_ENDPOINTS),
  ...Object.values(SPACE_ENDPOINTS),
];
