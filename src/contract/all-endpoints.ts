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
import { ACCOUNT_DECLARATIONS } from './account-endpoints';
import { ACCOUNT_ROUTES } from './account-routes';
import { ADMIN_DECLARATIONS } from './admin-endpoints';
import { ADMIN_ROUTES } from './admin-routes';
import { AGENT_MODE_DECLARATIONS } from './agent-mode-endpoints';
import { AGENT_MODE_ROUTES } from './agent-mode-routes';
import { AGENT_DECLARATIONS } from './agents-endpoints';
import { AGENT_ROUTES } from './agents-routes';
import { ASSET_DECLARATIONS } from './assets-endpoints';
import { ASSET_ROUTES } from './assets-routes';
import { AUTH_DECLARATIONS } from './auth-endpoints';
import { AUTH_ROUTES } from './auth-routes';
import { BILLING_DECLARATIONS } from './billing-endpoints';
import { BILLING_ROUTES } from './billing-routes';
import { defineEndpoints, type Endpoint } from './endpoint';
import { GA4_DECLARATIONS } from './ga4-endpoints';
import { GA4_ROUTES } from './ga4-routes';
import { HEALTH_DECLARATIONS } from './health-endpoints';
import { HEALTH_ROUTES } from './health-routes';
import { KNOWLEDGE_DECLARATIONS } from './knowledge-endpoints';
import { KNOWLEDGE_ROUTES } from './knowledge-routes';
import { NOTIFICATION_DECLARATIONS } from './notification-endpoints';
import { NOTIFICATION_ROUTES } from './notification-routes';
import { ONBOARDING_DECLARATIONS } from './onboarding-endpoints';
import { ONBOARDING_ROUTES } from './onboarding-routes';
import { ORG_DECLARATIONS } from './orgs-endpoints';
import { ORG_ROUTES } from './orgs-routes';
import { PROMPT_TEMPLATE_DECLARATIONS } from './prompt-template-endpoints';
import { PROMPT_TEMPLATE_ROUTES } from './prompt-template-routes';
import { PUBLIC_SHARE_DECLARATIONS } from './public-share-endpoints';
import { PUBLIC_SHARE_ROUTES } from './public-share-routes';
import { REGISTRATION_DECLARATIONS } from './registration-endpoints';
import { REGISTRATION_ROUTES } from './registration-routes';
import { SETTINGS_DECLARATIONS } from './settings-endpoints';
import { SETTINGS_ROUTES } from './settings-routes';
import { SPACE_DECLARATIONS } from './spaces-endpoints';
import { SPACE_ROUTES } from './spaces-routes';

export const ACCOUNT_ENDPOINTS = defineEndpoints(ACCOUNT_ROUTES, ACCOUNT_DECLARATIONS);
export const ADMIN_ENDPOINTS = defineEndpoints(ADMIN_ROUTES, ADMIN_DECLARATIONS);
export const AGENT_MODE_ENDPOINTS = defineEndpoints(AGENT_MODE_ROUTES, AGENT_MODE_DECLARATIONS);
export const AGENT_ENDPOINTS = defineEndpoints(AGENT_ROUTES, AGENT_DECLARATIONS);
export const ASSET_ENDPOINTS = defineEndpoints(ASSET_ROUTES, ASSET_DECLARATIONS);
export const AUTH_ENDPOINTS = defineEndpoints(AUTH_ROUTES, AUTH_DECLARATIONS);
export const BILLING_ENDPOINTS = defineEndpoints(BILLING_ROUTES, BILLING_DECLARATIONS);
export const GA4_ENDPOINTS = defineEndpoints(GA4_ROUTES, GA4_DECLARATIONS);
export const HEALTH_ENDPOINTS = defineEndpoints(HEALTH_ROUTES, HEALTH_DECLARATIONS);
export const KNOWLEDGE_ENDPOINTS = defineEndpoints(KNOWLEDGE_ROUTES, KNOWLEDGE_DECLARATIONS);
export const NOTIFICATION_ENDPOINTS = defineEndpoints(NOTIFICATION_ROUTES, NOTIFICATION_DECLARATIONS);
export const ONBOARDING_ENDPOINTS = defineEndpoints(ONBOARDING_ROUTES, ONBOARDING_DECLARATIONS);
export const ORG_ENDPOINTS = defineEndpoints(ORG_ROUTES, ORG_DECLARATIONS);
export const PROMPT_TEMPLATE_ENDPOINTS = defineEndpoints(PROMPT_TEMPLATE_ROUTES, PROMPT_TEMPLATE_DECLARATIONS);
export const PUBLIC_SHARE_ENDPOINTS = defineEndpoints(PUBLIC_SHARE_ROUTES, PUBLIC_SHARE_DECLARATIONS);
export const REGISTRATION_ENDPOINTS = defineEndpoints(REGISTRATION_ROUTES, REGISTRATION_DECLARATIONS);
export const SETTINGS_ENDPOINTS = defineEndpoints(SETTINGS_ROUTES, SETTINGS_DECLARATIONS);
export const SPACE_ENDPOINTS = defineEndpoints(SPACE_ROUTES, SPACE_DECLARATIONS);

export const CONTRACT_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(ACCOUNT_ENDPOINTS),
  ...Object.values(ADMIN_ENDPOINTS),
  ...Object.values(AGENT_MODE_ENDPOINTS),
  ...Object.values(AGENT_ENDPOINTS),
  ...Object.values(ASSET_ENDPOINTS),
  ...Object.values(AUTH_ENDPOINTS),
  ...Object.values(BILLING_ENDPOINTS),
  ...Object.values(GA4_ENDPOINTS),
  ...Object.values(HEALTH_ENDPOINTS),
  ...Object.values(KNOWLEDGE_ENDPOINTS),
  ...Object.values(NOTIFICATION_ENDPOINTS),
  ...Object.values(ONBOARDING_ENDPOINTS),
  ...Object.values(ORG_ENDPOINTS),
  ...Object.values(PROMPT_TEMPLATE_ENDPOINTS),
  ...Object.values(PUBLIC_SHARE_ENDPOINTS),
  ...Object.values(REGISTRATION_ENDPOINTS),
  ...Object.values(SETTINGS_ENDPOINTS),
  ...Object.values(SPACE_ENDPOINTS),
];
