import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * An organisation's OpenID Connect provider (docs/sso.md): at most one per organisation. Several
 * organisations may name one email domain, but only the one holding a verified claim to it
 * (domain-claims.ts) signs its addresses in, so a domain still names one provider at sign-in.
 * The client secret is sealed with AES-256-GCM (services/sso/sso-keys.ts) and never sent back.
 */
export const orgSsoProviders = pgTable(
  'org_sso_providers',
  {
    orgId: uuid('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    providerName: text('provider_name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    /** Lower-case; people with an address here sign in (and join) through this provider. */
    emailDomain: text('email_domain').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  // Not unique: a claim proves the domain, not who typed it first (docs/sso.md "Domain verification").
  (table) => [index('org_sso_providers_email_domain_idx').on(table.emailDomain)],
);

/**
 * One sign-in through a provider, from the redirect to the hand-over of Mosaic's session: the
 * PKCE verifier and nonce to check the provider's answer, the SHA-256 of the `state` (looked up
 * once, single use) and of the browser-binding cookie, then the SHA-256 of the one-time hand-over
 * code the app exchanges for tokens. Rows are deleted once they expire.
 */
export const ssoLoginAttempts = pgTable(
  'sso_login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** The in-app path to open after signing in (checked to be one of ours). */
    returnTo: text('return_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the provider's answer came back (whatever it was): the state is spent. */
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    handoffHash: text('handoff_hash'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sso_login_attempts_state_hash_unique').on(table.stateHash),
    uniqueIndex('sso_login_attempts_handoff_hash_unique').on(table.handoffHash),
    index('sso_login_attempts_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Which provider account is which Mosaic account: the ID token's issuer and subject, the stable
 * identity (an email address can change at the provider). Made at the first sign-in.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sso_identities_issuer_subject_unique').on(table.issuer, table.subject), index('sso_identities_user_idx').on(table.userId)],
);
