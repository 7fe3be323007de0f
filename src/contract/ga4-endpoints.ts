/**
 * Google Analytics 4 (spec 001 §7; docs/analytics.md): connecting Google accounts, the properties
 * they can read, linking them to a space and running reports. Every call but the OAuth callback is
 * space-scoped; who may connect and link is the server's (server/src/routes/ga4/). Methods and
 * paths are in ga4-routes.ts; the schemas in ga4-schemas.ts.
 */
import { z } from 'zod';
import type { EndpointDeclaration } from './endpoint';
import {
  ga4AccountsResponseSchema,
  ga4AuthStatusSchema,
  ga4CallbackQuery,
  ga4LinkBody,
  ga4LinkedPropertiesResponseSchema,
  ga4LinkedPropertySchema,
  ga4OAuthStartSchema,
  ga4PropertiesQuery,
  ga4PropertiesResponseSchema,
  ga4RemoveAccountSchema,
  ga4ReportBody,
  ga4ReportSchema,
} from './ga4-schemas';

const tags = ['integrations-ga4'];
const bearer = { tags, auth: 'bearer' } as const;
// Any text: an unknown or malformed id is not found (the services check).
const idParams = z.object({ id: z.string() });

export const GA4_DECLARATIONS = {
  oauthStart: {
    ...bearer,
    summary: 'Start connecting an account: the browser navigates to redirect_url (owners and admins)',
    answers: { 200: ga4OAuthStartSchema },
    errors: [400, 401, 403, 404],
  },
  oauthCallback: {
    tags,
    // A browser navigation from Google's consent screen: the signed state says who started it.
    auth: 'public',
    summary: 'Where the OAuth consent returns (browser navigation); redirects to /connections/ga4/manage',
    query: ga4CallbackQuery,
    answers: { 302: z.null() },
    errors: [],
  },
  accounts: {
    ...bearer,
    summary: "The caller's connected accounts in this organisation: at most GA4_ACCOUNTS_PER_PERSON_MAX (connecting another is refused; the callback lands with ?error=too_many_accounts)",
    answers: { 200: ga4AccountsResponseSchema },
    errors: [400, 401, 404],
  },
  properties: {
    ...bearer,
    summary: 'Properties the connected accounts can read (all accounts, or account_id)',
    query: ga4PropertiesQuery,
    answers: { 200: ga4PropertiesResponseSchema },
    errors: [400, 401, 403, 404, 422, 429, 502, 503],
  },
  removeAccount: {
    ...bearer,
    summary: 'Remove a connected account: its grant is revoked at Google and its properties are unlinked in every space',
    params: idParams,
    answers: { 200: ga4RemoveAccountSchema },
    errors: [400, 401, 404],
  },
  linkedProperties: {
    ...bearer,
    summary: 'Properties linked to this space: at most GA4_LINKED_PROPERTIES_PER_SPACE_MAX',
    answers: { 200: ga4LinkedPropertiesResponseSchema },
    errors: [400, 401, 404],
  },
  link: {
    ...bearer,
    summary: "Link one of the caller's accounts' properties to this space (owners and admins); 409 GA4_LINKED_PROPERTIES_LIMIT past GA4_LINKED_PROPERTIES_PER_SPACE_MAX",
    body: ga4LinkBody,
    answers: { 201: ga4LinkedPropertySchema },
    errors: [400, 401, 403, 404, 409, 422, 429, 502, 503],
  },
  unlink: {
    ...bearer,
    summary: 'Unlink a property from this space (owners and admins)',
    params: idParams,
    answers: { 204: z.null() },
    errors: [400, 401, 403, 404],
  },
  report: {
    ...bearer,
    summary: 'Run a report on a property linked to this space',
    body: ga4ReportBody,
    answers: { 200: ga4ReportSchema },
    errors: [400, 401, 403, 404, 422, 429, 502, 503],
  },
  authStatus: {
    ...bearer,
    summary: "How the caller's connected accounts stand",
    answers: { 200: ga4AuthStatusSchema },
    errors: [400, 401, 404],
  },
} satisfies Record<string, EndpointDeclaration>;

export type Ga4Declarations = typeof GA4_DECLARATIONS;
