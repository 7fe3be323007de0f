/**
 * The API routes not yet registered from a contract entry (tests/server/routes-from-contract.test.ts),
 * as 'METHOD /path' below API_PREFIX. This list may only shrink: migrating an area removes its
 * routes here (the test fails while a route listed here is registered from an entry), and a new
 * route is never added (the test fails for any route neither from an entry nor listed).
 * docs/architecture.md "How to add an endpoint" has the steps.
 */
export const NOT_YET_FROM_CONTRACT: readonly string[] = [];

/**
 * Routes that are not the client's endpoints and so never come from the contract, with why.
 * The test fails if one of them is registered from an entry or is no longer registered at all.
 */
export const NEVER_FROM_CONTRACT: Readonly<Record<string, string>> = {
  'GET /openapi.json': 'the OpenAPI document itself, generated from the routes (server/src/plugins/openapi.ts); no client calls it',
  'POST /billing/webhooks/stripe':
    "Stripe's signed events, not the client's: the signature covers the exact bytes, so the body is read raw (no schema can parse it first), and the path follows the payment provider's name (server/src/routes/billing/webhooks.routes.ts)",
};
