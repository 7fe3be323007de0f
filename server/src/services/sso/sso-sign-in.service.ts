/**
 * Signing in through an organisation's OpenID provider (docs/sso.md "The flow"):
 *
 * 1. start: the email's domain names the provider; a login attempt row keeps the PKCE verifier,
 *    the nonce, the SHA-256 of the `state` and of a browser-binding secret (an HttpOnly cookie).
 * 2. callback: the state is spent in one statement (a replayed callback finds nothing), the
 *    browser must bring the same cookie (no one can finish a sign-in started elsewhere), then the
 *    code is exchanged and the ID token verified; the person is found by the provider's subject,
 *    else by a verified email of the organisation's domain, else joins as org_member.
 * 3. complete: the app exchanges the one-time hand-over code from its URL (with the same cookie)
 *    for Mosaic's usual token pair. Tokens never travel in a URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, gt, sql } from 'drizzle-orm';
import type { SsoErrorCode, SsoLookup } from '../../../../src/contract/sso';
import { emailDomainOf } from '../../../../src/contract/sso';
import type { Db, DbExecutor } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { joinRequests, organizations, ssoIdentities, ssoLoginAttempts, users } from '../../db/schema/index';
import { recordAudit } from '../audit/audit.service';
import { hashPassword } from '../passwords';
import { retireOtherInvites } from '../pending-invites';
import type { SessionService, SessionResponse } from '../sessions.service';
import { findUserByEmail, findUserById, normaliseEmail, type UserRow } from '../users.service';
import type { SessionClient } from '../refresh-tokens';
import { ProviderUnreachableError, type VerifiedIdentity } from './oidc-client';
import { findClaim } from '../domains/domain-claims';
import { credentialsOf, findSsoProvider, findSsoProviderForDomain, type SsoDeps, type SsoProviderRow } from './sso-settings.service';

/** Ten minutes from "Sign in with …" to the provider's answer: time to type a password and an MFA code. */
export const SSO_ATTEMPT_TTL_MS = 10 * 60_000;
/** Two minutes from the provider's answer to the app exchanging the hand-over code (one page load). */
export const SSO_HANDOFF_TTL_MS = 2 * 60_000;

/** A sign-in that cannot go on; `code` is what the app page shows (SSO_ERROR_MESSAGES). */
export class SsoFailure extends Error {
  override name = 'SsoFailure';
  constructor(
    readonly code: SsoErrorCode,
    readonly reason: string,
  ) {
    super(`${code}: ${reason}`);
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const randomSecret = () => randomBytes(32).toString('base64url');

export async function lookupSso(db: DbExecutor, email: string): Promise<SsoLookup> {
  const provider = await findSsoProviderForDomain(db, emailDomainOf(email));
  if (!provider) return { sso: null };
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, provider.orgId)).limit(1);
  return { sso: { provider_name: provider.providerName, organization_name: org?.name ?? '' } };
}

function credentialsOrFail(provider: SsoProviderRow, deps: SsoDeps) {
  const credentials = credentialsOf(provider, deps.cipher);
  if (!credentials) throw new SsoFailure('SSO_PROVIDER_UNREACHABLE', 'the stored client secret cannot be read with this server\'s key');
  return credentials;
}

export interface StartedSignIn {
  /** The provider's authorisation URL to redirect to. */
  location: string;
  /** Goes to the browser as an HttpOnly cookie; only its hash is stored. */
  browserSecret: string;
}

export async function startSsoSignIn(
  deps: SsoDeps,
  input: { email: string; returnTo: string | null; redirectUri: string },
): Promise<StartedSignIn> {
  const { db } = deps;
  const provider = await findSsoProviderForDomain(db, emailDomainOf(input.email));
  if (!provider) throw new SsoFailure('SSO_NOT_CONFIGURED', 'no enabled provider for the domain');
  let request;
  try {
    request = await deps.clients.authorisationRequest(credentialsOrFail(provider, deps), input.redirectUri, input.email);
  } catch (error) {
    if (error instanceof ProviderUnreachableError) throw new SsoFailure('SSO_PROVIDER_UNREACHABLE', error.message);
    throw error;
  }
  const browserSecret = randomSecret();
  const now = Date.now();
  // Ended attempts are swept here, by the next sign-in, rather than by a timer of their own.
  await db.delete(ssoLoginAttempts).where(lt(ssoLoginAttempts.expiresAt, new Date(now - SSO_HANDOFF_TTL_MS)));
  await db.insert(ssoLoginAttempts).values({
    stateHash: sha256(request.state),
    browserHash: sha256(browserSecret),
    orgId: provider.orgId,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    redirectUri: input.redirectUri,
    returnTo: input.returnTo,
    expiresAt: new Date(now + SSO_ATTEMPT_TTL_MS),
  });
  return { location: request.url, browserSecret };
}

export interface CallbackInput {
  /** The callback's query string, as the provider sent it (code, state, or error). */
  query: URLSearchParams;
  browserSecret: string | undefined;
  ipAddress: string | null;
}

/** Finishes the provider's half; answers the one-time hand-over code for the app page. */
export async function finishSsoCallback(deps: SsoDeps, input: CallbackInput): Promise<{ handoff: string }> {
  const { db } = deps;
  const state = input.query.get('state');
  if (!state) throw new SsoFailure('SSO_LINK_EXPIRED', 'no state');
  // Spent in one statement: of two requests with one state, one gets the row.
  const [attempt] = await db
    .update(ssoLoginAttempts)
    .set({ callbackAt: new Date() })
    .where(and(eq(ssoLoginAttempts.stateHash, sha256(state)), isNull(ssoLoginAttempts.callbackAt), gt(ssoLoginAttempts.expiresAt, new Date())))
    .returning();
  if (!attempt) throw new SsoFailure('SSO_LINK_EXPIRED', 'unknown, used or expired state');
  if (!input.browserSecret || sha256(input.browserSecret) !== attempt.browserHash) {
    throw new SsoFailure('SSO_LINK_EXPIRED', 'the browser did not start this sign-in');
  }
  if (input.query.has('error')) throw new SsoFailure('SSO_PROVIDER_REFUSED', `provider error ${input.query.get('error')}`);
  const provider = await findSsoProvider(db, attempt.orgId);
  if (!provider?.enabled) throw new SsoFailure('SSO_NOT_CONFIGURED', 'the provider was removed or turned off meanwhile');
  // A platform admin may have given the domain to another organisation since the sign-in started.
  if ((await findClaim(db, provider.orgId, provider.emailDomain))?.status !== 'verified') {
    throw new SsoFailure('SSO_NOT_CONFIGURED', 'the organisation no longer holds the domain verified');
  }
  const callbackUrl = new URL(attempt.redirectUri);
  callbackUrl.search = input.query.toString();
  let identity: VerifiedIdentity;
  try {
    identity = await deps.clients.exchangeCode(credentialsOrFail(provider, deps), callbackUrl, {
      codeVerifier: attempt.codeVerifier,
      state,
      nonce: attempt.nonce,
    });
  } catch (error) {
    if (error instanceof SsoFailure) throw error;
    if (error instanceof ProviderUnreachableError) throw new SsoFailure('SSO_PROVIDER_UNREACHABLE', error.message);
    throw new SsoFailure('SSO_SIGN_IN_FAILED', error instanceof Error ? error.message : String(error));
  }
  const user = await accountFor(deps, provider, identity, input.ipAddress);
  const handoff = randomSecret();
  await db
    .update(ssoLoginAttempts)
    .set({ handoffHash: sha256(handoff), userId: user.id, handoffExpiresAt: new Date(Date.now() + SSO_HANDOFF_TTL_MS) })
    .where(eq(ssoLoginAttempts.id, attempt.id));
  return { handoff };
}

/**
 * The Mosaic account behind a verified identity: the one linked to this issuer and subject, else
 * the organisation's account with this (verified) email, else a new org_member. Only addresses of
 * the provider's domain, verified by the provider, and accounts of this organisation qualify.
 */
async function accountFor(
  deps: SsoDeps,
  provider: SsoProviderRow,
  identity: VerifiedIdentity,
  ipAddress: string | null,
  retried = false,
): Promise<UserRow> {
  const email = identity.email ? normaliseEmail(identity.email) : '';
  if (!email) throw new SsoFailure('SSO_SIGN_IN_FAILED', 'the provider sent no email address');
  if (!identity.emailVerified) throw new SsoFailure('SSO_EMAIL_NOT_VERIFIED', 'email_verified is not true');
  if (emailDomainOf(email) !== provider.emailDomain) throw new SsoFailure('SSO_DOMAIN_NOT_ALLOWED', 'email outside the allowed domain');
  try {
    return await deps.db.transaction(async (tx) => {
      const outcome = await linkedOrMatchingOrNew(tx, provider, identity, email);
      if (outcome.user.orgId !== provider.orgId) throw new SsoFailure('SSO_ACCOUNT_ELSEWHERE', 'the account belongs to another organisation');
      if (outcome.user.disabled) throw new SsoFailure('ACCOUNT_SUSPENDED', 'the account is suspended');
      await recordAudit(tx, {
        action: 'auth.sso_sign_in',
        actor: { userId: outcome.user.id, email: outcome.user.email, role: outcome.user.role },
        orgId: provider.orgId,
        target: { type: 'user', id: outcome.user.id },
        ipAddress,
        details: { issuer: identity.issuer, joined: outcome.joined, linked: outcome.linked },
      });
      return outcome.user;
    });
  } catch (error) {
    // Two first sign-ins of one person at once: the other one made the account; use it.
    const raced = isUniqueViolation(error, 'users_email_lower_unique') || isUniqueViolation(error, 'sso_identities_issuer_subject_unique');
    if (raced && !retried) {
      return accountFor(deps, provider, identity, ipAddress, true);
    }
    throw error;
  }
}

interface AccountOutcome {
  user: UserRow;
  joined: boolean;
  linked: boolean;
}

async function linkedOrMatchingOrNew(tx: DbExecutor, provider: SsoProviderRow, identity: VerifiedIdentity, email: string): Promise<AccountOutcome> {
  const [link] = await tx
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, identity.issuer), eq(ssoIdentities.subject, identity.subject)))
    .limit(1);
  if (link) {
    const user = await findUserById(tx, link.userId);
    if (user) {
      await tx.update(ssoIdentities).set({ lastSignInAt: new Date() }).where(eq(ssoIdentities.id, link.id));
      return { user, joined: false, linked: false };
    }
  }
  const existing = await findUserByEmail(tx, email);
  if (existing) {
    if (existing.orgId === provider.orgId) await linkIdentity(tx, existing, provider, identity);
    return { user: existing, joined: false, linked: existing.orgId === provider.orgId };
  }
  // Nobody knows this password: the person signs in through the provider (or sets one with "Forgot password?").
  const [created] = await tx
    .insert(users)
    .values({
      email,
      name: identity.name?.slice(0, 100) || email.split('@')[0] || email,
      passwordHash: await hashPassword(randomSecret()),
      role: 'org_member',
      orgId: provider.orgId,
    })
    .returning();
  if (!created) throw new Error('user insert returned no row');
  await linkIdentity(tx, created, provider, identity);
  await retireOtherInvites(tx, email);
  // A join request of this address waited for approval: the provider has vouched for the person.
  await tx
    .update(joinRequests)
    .set({ status: 'approved', decidedAt: new Date() })
    .where(and(eq(joinRequests.status, 'pending'), sql`lower(${joinRequests.email}) = ${email}`));
  return { user: created, joined: true, linked: true };
}

async function linkIdentity(tx: DbExecutor, user: UserRow, provider: SsoProviderRow, identity: VerifiedIdentity): Promise<void> {
  await tx.insert(ssoIdentities).values({ userId: user.id, orgId: provider.orgId, issuer: identity.issuer, subject: identity.subject });
}

/** The app's last step: the hand-over code (and the same browser) for a session. */
export async function completeSsoSignIn(
  db: Db,
  sessions: SessionService,
  input: { handoff: string; browserSecret: string | undefined; client: SessionClient },
): Promise<SessionResponse & { redirect: string | null }> {
  const [attempt] = await db
    .update(ssoLoginAttempts)
    .set({ handoffUsedAt: new Date() })
    .where(
      and(
        eq(ssoLoginAttempts.handoffHash, sha256(input.handoff)),
        isNull(ssoLoginAttempts.handoffUsedAt),
        gt(ssoLoginAttempts.handoffExpiresAt, new Date()),
      ),
    )
    .returning();
  if (!attempt?.userId || !input.browserSecret || sha256(input.browserSecret) !== attempt.browserHash) {
    throw new SsoFailure('SSO_LINK_EXPIRED', 'unknown, used or expired hand-over');
  }
  const user = await findUserById(db, attempt.userId);
  if (!user || user.disabled) throw new SsoFailure('ACCOUNT_SUSPENDED', 'the account is suspended or gone');
  const session = await sessions.startSession(user, db, input.client);
  return { ...session, redirect: attempt.returnTo };
}
