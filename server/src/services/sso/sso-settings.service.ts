/**
 * An organisation's single sign-on provider (docs/sso.md "Configuration"): owners set it up,
 * owners and admins read it. The client secret is sealed at rest and never leaves the server; an
 * edit that leaves it out keeps the stored one. Saving checks the provider's discovery document,
 * so a wrong issuer is refused with its reason instead of failing at everyone's next sign-in.
 * Saving also claims the email domain; the provider is offered only once the claim is verified.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { SSO_TEXTS } from '../../../../src/contract/sso';
import type { SsoProvider, updateSsoSettingsSchema } from '../../../../src/contract/sso-settings';
import type { Role } from '../../../../src/contract/auth';
import type { Db, DbExecutor } from '../../db/database';
import { orgDomainClaims, orgSsoProviders } from '../../db/schema/index';
import { AppError, MESSAGES, forbidden, notFound } from '../../errors';
import { recordOrganisationAudit } from '../audit/audit.service';
import type { TokenCipher } from '../ga4/token-cipher';
import { ensureClaim, refuseIfHeldElsewhere } from '../domains/claim-domain.service';
import { PUBLIC_EMAIL_DOMAINS } from '../email-domains';
import { ProviderUnreachableError, type OidcClients, type ProviderCredentials } from './oidc-client';

export type SsoSettingsUpdate = z.output<typeof updateSsoSettingsSchema>;
export type SsoProviderRow = typeof orgSsoProviders.$inferSelect;

export interface SsoEditor {
  userId: string;
  email: string;
  role: Role;
  orgId: string;
}

export interface SsoDeps {
  db: Db;
  cipher: TokenCipher;
  clients: OidcClients;
  allowHttpIssuers: boolean;
}

const fieldError = (field: string, message: string) => new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', [{ field, message }]);

export function toSsoProvider(row: SsoProviderRow): SsoProvider {
  return {
    provider_name: row.providerName,
    issuer: row.issuer,
    client_id: row.clientId,
    email_domain: row.emailDomain,
    enabled: row.enabled,
    client_secret_set: true,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findSsoProvider(db: DbExecutor, orgId: string): Promise<SsoProviderRow | undefined> {
  const [row] = await db.select().from(orgSsoProviders).where(eq(orgSsoProviders.orgId, orgId)).limit(1);
  return row;
}

/**
 * The enabled provider that signs in addresses of `domain`, if any: only the provider of the
 * organisation holding the domain verified. Others may have typed the domain; that proves nothing.
 */
export async function findSsoProviderForDomain(db: DbExecutor, domain: string): Promise<SsoProviderRow | undefined> {
  if (!domain) return undefined;
  const [row] = await db
    .select({ provider: orgSsoProviders })
    .from(orgSsoProviders)
    .innerJoin(orgDomainClaims, and(eq(orgDomainClaims.orgId, orgSsoProviders.orgId), eq(orgDomainClaims.domain, orgSsoProviders.emailDomain)))
    .where(and(eq(orgSsoProviders.emailDomain, domain), eq(orgDomainClaims.status, 'verified'), eq(orgSsoProviders.enabled, true)))
    .limit(1);
  return row?.provider;
}

/** The provider's issuer, client id and (unsealed) secret; undefined when the secret cannot be read. */
export function credentialsOf(row: SsoProviderRow, cipher: TokenCipher): ProviderCredentials | undefined {
  const clientSecret = cipher.decrypt(row.clientSecretSealed);
  return clientSecret === undefined ? undefined : { issuer: row.issuer, clientId: row.clientId, clientSecret };
}

export async function saveSsoSettings(deps: SsoDeps, editor: SsoEditor, update: SsoSettingsUpdate, ipAddress: string | null): Promise<SsoProvider> {
  const { db, cipher } = deps;
  if (editor.role !== 'org_owner') throw forbidden(SSO_TEXTS.onlyOwnersConfigure);
  const issuer = update.issuer.replace(/\/+$/, '');
  if (issuer.startsWith('http:') && !deps.allowHttpIssuers) throw fieldError('issuer', SSO_TEXTS.issuerNotHttps);
  if (PUBLIC_EMAIL_DOMAINS.has(update.email_domain)) throw fieldError('email_domain', SSO_TEXTS.domainPublic(update.email_domain));
  // 409 for a domain another organisation holds verified: the clash goes to the platform admins.
  await refuseIfHeldElsewhere(db, editor, update.email_domain, ipAddress);
  const current = await findSsoProvider(db, editor.orgId);
  const typedSecret = update.client_secret?.trim() ? update.client_secret.trim() : undefined;
  const clientSecret = typedSecret ?? (current ? cipher.decrypt(current.clientSecretSealed) : undefined);
  if (clientSecret === undefined) throw fieldError('client_secret', SSO_TEXTS.clientSecretRequired);
  try {
    await deps.clients.configFor({ issuer, clientId: update.client_id, clientSecret });
  } catch (error) {
    if (error instanceof ProviderUnreachableError) throw fieldError('issuer', SSO_TEXTS.discoveryFailed(issuer, error.message));
    throw error;
  }
  const values = {
    providerName: update.provider_name,
    issuer,
    clientId: update.client_id,
    clientSecretSealed: cipher.encrypt(clientSecret),
    emailDomain: update.email_domain,
    enabled: update.enabled,
    updatedAt: new Date(),
    updatedBy: editor.userId,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orgSsoProviders)
      .values({ orgId: editor.orgId, ...values })
      .onConflictDoUpdate({ target: orgSsoProviders.orgId, set: values })
      .returning();
    if (!row) throw notFound(MESSAGES.organisationNotFound);
    await ensureClaim(tx, editor, update.email_domain, ipAddress);
    await recordOrganisationAudit(tx, editor, {
      action: 'sso.configured',
      target: { type: 'sso_provider', id: editor.orgId },
      ipAddress,
      // Never the secret: only whether it was replaced.
      details: { issuer, client_id: update.client_id, email_domain: update.email_domain, enabled: update.enabled, secret_replaced: typedSecret !== undefined },
    });
    return toSsoProvider(row);
  });
}

export async function removeSsoSettings(db: Db, editor: SsoEditor, ipAddress: string | null): Promise<void> {
  if (editor.role !== 'org_owner') throw forbidden(SSO_TEXTS.onlyOwnersConfigure);
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(orgSsoProviders).where(eq(orgSsoProviders.orgId, editor.orgId)).returning();
    if (!removed) throw notFound(SSO_TEXTS.notConfigured);
    await recordOrganisationAudit(tx, editor, {
      action: 'sso.removed',
      target: { type: 'sso_provider', id: editor.orgId },
      ipAddress,
      details: { issuer: removed.issuer, email_domain: removed.emailDomain },
    });
  });
}
