/**
 * The single sign-on provider an organisation's owner keeps (docs/sso.md): what GET /settings/sso
 * answers (never the client secret) and what PUT /settings/sso accepts. The sign-in side, which
 * the Login screen loads, is in sso.ts.
 */
import { z } from 'zod';
import { domainClaimSchema, emailDomainSchema } from './domain-claims';
import { SSO_CLIENT_ID_MAX_CHARS, SSO_CLIENT_SECRET_MAX_CHARS, SSO_ISSUER_MAX_CHARS, SSO_PROVIDER_NAME_MAX_CHARS, SSO_TEXTS } from './sso';

export { emailDomainSchema };

/** GET /settings/sso: the organisation's provider (no secret), and the redirect URI to register. */
export const ssoProviderSchema = z.object({
  provider_name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  email_domain: z.string(),
  enabled: z.boolean(),
  /** Always true once saved: the secret is kept (encrypted) but never sent back. */
  client_secret_set: z.boolean(),
  updated_at: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const ssoSettingsSchema = z.object({
  provider: ssoProviderSchema.nullable(),
  redirect_uri: z.string(),
  /** The claim of the provider's email domain: until it is verified, the sign-in screen does not offer the provider. */
  domain_claim: domainClaimSchema.nullable(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/**
 * PUT /settings/sso. The client secret may be left out once one is stored (it is never shown, so
 * an edit of the other fields keeps it). Whether http:// issuers are allowed is the server's
 * setting (SSO_ALLOW_HTTP_ISSUERS), checked there.
 */
export const updateSsoSettingsSchema = z.object({
  provider_name: z
    .string({ error: SSO_TEXTS.providerNameRequired })
    .trim()
    .min(1, SSO_TEXTS.providerNameRequired)
    .max(SSO_PROVIDER_NAME_MAX_CHARS, SSO_TEXTS.providerNameTooLong),
  issuer: z
    .string({ error: SSO_TEXTS.issuerInvalid })
    .trim()
    .max(SSO_ISSUER_MAX_CHARS, SSO_TEXTS.issuerInvalid)
    .pipe(z.url({ protocol: /^https?$/, error: SSO_TEXTS.issuerInvalid })),
  client_id: z
    .string({ error: SSO_TEXTS.clientIdRequired })
    .trim()
    .min(1, SSO_TEXTS.clientIdRequired)
    .max(SSO_CLIENT_ID_MAX_CHARS, SSO_TEXTS.clientIdRequired),
  client_secret: z.string().max(SSO_CLIENT_SECRET_MAX_CHARS, SSO_TEXTS.clientSecretRequired).optional(),
  email_domain: emailDomainSchema,
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type UpdateSsoSettings = z.input<typeof updateSsoSettingsSchema>;
