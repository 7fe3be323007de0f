/**
 * Every endpoint of the contract, area by area (endpoint.ts): each area's routes
 * (`<area>-routes.ts`) joined here to its declarations (`<area>-endpoints.ts`). The join lives in
 * this one file so that neither of an area's two files imports the other's values: the routes file
 * takes only the declarations' types, and a screen that calls through it loads no schemas.
 *
 * The server registers its routes from these (server/src/routes/route-from-contract.ts); the
 * route test holds the running app to them (tests/server/routes-from-contract.test.ts), and the
 * client tests' fake backends are checked against them (with the areas endpoints.ts still lists).
 * A migrated area adds its line below and to CONTRACT_ENDPOINTS.
 */
import { BILLING_DECLARATIONS } from './billing-endpoints';
import { BILLING_ROUTES } from './billing-routes';
import { defineEndpoints, type Endpoint } from './endpoint';
import { HEALTH_DECLARATIONS } from './health-endpoints';
import { HEALTH_ROUTES } from './health-routes';
import { NOTIFICATION_DECLARATIONS } from './notification-endpoints';
import { NOTIFICATION_ROUTES } from './notification-routes';
import { ONBOARDING_DECLARATIONS } from './onboarding-endpoints';
import { ONBOARDING_ROUTES } from './onboarding-routes';
import { PROMPT_TEMPLATE_DECLARATIONS } from './prompt-template-endpoints';
import { PROMPT_TEMPLATE_ROUTES } from './prompt-template-routes';
import { SPACE_DECLARATIONS } from './spaces-endpoints';
import { SPACE_ROUTES } from './spaces-routes';

export const BILLING_ENDPOINTS = defineEndpoints(BILLING_ROUTES, BILLING_DECLARATIONS);
export const HEALTH_ENDPOINTS = defineEndpoints(HEALTH_ROUTES, HEALTH_DECLARATIONS);
export const NOTIFICATION_ENDPOINTS = defineEndpoints(NOTIFICATION_ROUTES, NOTIFICATION_DECLARATIONS);
export const ONBOARDING_ENDPOINTS = defineEndpoints(ONBOARDING_ROUTES, ONBOARDING_DECLARATIONS);
export const PROMPT_TEMPLATE_ENDPOINTS = defineEndpoints(PROMPT_TEMPLATE_ROUTES, PROMPT_TEMPLATE_DECLARATIONS);
export const SPACE_ENDPOINTS = defineEndpoints(SPACE_ROUTES, SPACE_DECLARATIONS);

export const CONTRACT_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(BILLING_ENDPOINTS),
  ...Object.values(HEALTH_ENDPOINTS),
  ...Object.values(NOTIFICATION_ENDPOINTS),
  ...Object.values(ONBOARDING_ENDPOINTS),
  ...Object.values(PROMPT_TEMPLATE_ENDPOINTS),
  ...Object.values(SPACE_ENDPOINTS),
];
