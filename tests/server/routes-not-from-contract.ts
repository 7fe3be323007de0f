/**
 * The API routes that are not the client's endpoints and so never come from a contract entry
 * (tests/server/routes-from-contract.test.ts), as 'METHOD /path' below API_PREFIX, with why. Every
 * other route is registered from its entry. The test fails if one of these is registered from an
 * entry or is no longer registered at all; a new route never joins this list without a reason
 * as strong as these.
 */
export const NEVER_FROM_CONTRACT: Readonly<Record<string, string>> = {
  'GET /openapi.json': 'the OpenAPI document itself, generated from the routes (server/src/plugins/openapi.ts); no client calls it',
  'POST /billing/webhooks/stripe':
    "Stripe's signed events, not the client's: the signature covers the exact bytes, so the body is read raw (no schema can parse it first), and the path follows the payment provider's name (server/src/routes/billing/webhooks.routes.ts)",
};
