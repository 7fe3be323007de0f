/**
 * Workspace Settings (spec 001 §6, §7; docs/server.md "Organisation settings", docs/sso.md): the
 * organisation's brand voice, its name and properties, its single sign-on provider and the email
 * domains it has claimed. Organisation-wide; only the brand voice is read in a space. Who may read
 * and change each is the server's (server/src/routes/settings/). Methods and paths are in
 * settings-routes.ts.
 */
import { z } from 'zod';
import { BRAND_VOICE_MAX_CHARS } from './agents';
import { claimDomainBodySchema, domainClaimListSchema, domainClaimSchema, emailDomainSchema } from './domain-claims';
import type { EndpointDeclaration } from './endpoint';
import { organizationSchema, updateOrganizationSchema } from './organization';
import { ssoProviderSchema, ssoSettingsSchema, updateSsoSettingsSchema } from './sso-settings';

/** Spec 001 §3 brand voice. `content` is '' until someone writes one. */
const brandVoiceSchema = z.object({
  content: z.string(),
  updatedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});

const brandVoiceBody = z.object({
  content: z.string().max(BRAND_VOICE_MAX_CHARS, `Brand voice can be at most ${BRAND_VOICE_MAX_CHARS.toLocaleString('en')} characters`),
});

const domainParams = z.object({ domain: emailDomainSchema });

const settings = { tags: ['settings'], auth: 'bearer' } as const;
const sso = { tags: ['sso'], auth: 'bearer' } as const;

export const SETTINGS_DECLARATIONS = {
  brandVoice: {
    ...settings,
    summary: "The organisation's brand voice ('' until one is written)",
    answers: { 200: brandVoiceSchema },
    errors: [400, 401, 403, 404],
  },
  saveBrandVoice: {
    ...settings,
    summary: "Replaces the organisation's brand voice",
    body: brandVoiceBody,
    answers: { 200: brandVoiceSchema },
    errors: [400, 401, 403, 404, 422],
  },
  organization: {
    ...settings,
    summary: "The caller's organisation: id, name and properties (one of them the default)",
    answers: { 200: organizationSchema },
    errors: [401, 403, 404],
  },
  saveOrganization: {
    ...settings,
    summary: "Replaces the organisation's name and properties (organisation owners)",
    body: updateOrganizationSchema,
    answers: { 200: organizationSchema },
    errors: [401, 403, 404, 422],
  },
  sso: {
    ...sso,
    summary: "The organisation's identity provider (never its client secret), the redirect URI to register there, and its domain's claim",
    answers: { 200: ssoSettingsSchema },
    errors: [401, 403],
  },
  saveSso: {
    ...sso,
    summary:
      'Sets up or changes the identity provider (organisation owners); the issuer is checked by discovery, the email domain claimed (409 when another organisation holds it)',
    body: updateSsoSettingsSchema,
    answers: { 200: ssoProviderSchema },
    errors: [401, 403, 409, 422],
  },
  removeSso: {
    ...sso,
    summary: 'Turns single sign-on off and forgets the provider (people keep their accounts and passwords)',
    answers: { 204: z.null() },
    errors: [401, 403, 404],
  },
  domainClaims: {
    ...sso,
    summary: "The organisation's email domain claims: state, the TXT record that proves each, the latest check (at most ORG_DOMAIN_CLAIMS_MAX)",
    answers: { 200: domainClaimListSchema },
    errors: [401, 403],
  },
  claimDomain: {
    ...sso,
    summary: 'Claims an email domain (owners): unverified until its TXT record is found or a platform admin approves it; 409 DOMAIN_CLAIMS_LIMIT past ORG_DOMAIN_CLAIMS_MAX claims',
    body: claimDomainBodySchema,
    // 201 for a new claim, 200 for the organisation's existing claim of the domain.
    answers: { 200: domainClaimSchema, 201: domainClaimSchema },
    errors: [401, 403, 409, 422],
  },
  verifyDomain: {
    ...sso,
    summary: "Looks up the claim's TXT record now; verified when found (422 with the record to add when not, 503 when DNS does not answer)",
    params: domainParams,
    answers: { 200: domainClaimSchema },
    errors: [401, 403, 404, 409, 422, 429, 503],
  },
  requestDomainReview: {
    ...sso,
    summary: "Asks Mosaic's platform admins to check the claim, for owners who cannot add a DNS record",
    params: domainParams,
    answers: { 200: domainClaimSchema },
    errors: [401, 403, 404, 409, 422],
  },
} satisfies Record<string, EndpointDeclaration>;

export type SettingsDeclarations = typeof SETTINGS_DECLARATIONS;
