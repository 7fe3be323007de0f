import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { joinRequests, organizations, users } from '../../db/schema/index';
import { AppError, MESSAGES, conflict, notFound } from '../../errors';
import type { MailService } from '../../mail/mail-service';
import { accountExistsNotice, joinRequestPendingNotice } from '../../mail/templates/account-notices';
import { startFreeTrial } from '../billing/plans.service';
import { emailDomainOf, isPublicEmailDomain, organisationDomainFor } from '../email-domains';
import { organisationHoldingDomain } from '../domains/domain-claims';
import { createJoinRequest } from '../join-requests.service';
import { acceptInvite, requireInvitedAddress, usableInvitation } from '../orgs/invitation-links.service';
import { retireOtherInvites } from '../pending-invites';
import { hashPassword } from '../passwords';
import type { SessionResponse, SessionService } from '../sessions.service';
import { DEFAULT_SPACE, createSpace } from '../spaces.service';
import { emailHasAccount, normaliseEmail } from '../users.service';
import { recordAudit } from '../audit/audit.service';

export interface NewAccount {
  email: string;
  password: string;
  name: string;
}

export interface NewOrganisationAccount extends NewAccount {
  /** Needed unless `inviteToken` is given (then it is ignored). */
  orgName?: string | undefined;
  /** The secret of an invite link: joins the inviting organisation instead of creating one. */
  inviteToken?: string | undefined;
}

/** What registration needs besides the database: mail for notices, and where links point. */
export interface RegistrationContext {
  mail: MailService;
  /** PUBLIC_URL or the request's origin. */
  appUrl: string;
  ipAddress: string | null;
  /** The browser registering, kept with the session for the account's list of devices. */
  userAgent?: string | null;
}

/**
 * Spec 000 §7 has_existing_org, plus organization_name so the form can offer "Join {org}". The
 * answer is the same for every address of a domain: it says nothing about accounts or invites.
 */
export interface DomainCheck {
  has_existing_org: boolean;
  organization_name?: string;
}

const orgNameRequired = () =>
  new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', [{ field: 'org_name', message: MESSAGES.orgNameRequired }]);

/**
 * The organisation people of the email's domain may ask to join: the one holding the domain
 * verified (docs/sso.md "Domain verification"), never merely the first to register with it, or
 * anyone could found "Victim Corp" with a made-up address and collect the real staff's requests.
 */
async function organisationForEmail(db: Db, email: string) {
  const domain = emailDomainOf(email);
  if (!domain || isPublicEmailDomain(domain)) return undefined;
  return organisationHoldingDomain(db, domain);
}

export async function checkDomain(db: Db, email: string): Promise<DomainCheck> {
  const org = await organisationForEmail(db, email);
  return org ? { has_existing_org: true, organization_name: org.name } : { has_existing_org: false };
}

/** 409 for a taken address, always in the same words; only the address's owner learns of the attempt. */
function emailTaken(context: RegistrationContext, email: string): AppError {
  context.mail.sendInBackground(accountExistsNotice(email, context.appUrl));
  return conflict(MESSAGES.emailTaken);
}

/**
 * Creates an organisation with its owner, default space "General", free trial plan and credit
 * account — all or nothing — and signs the owner in. With an invite link's secret the person joins
 * the inviting organisation with the invited role instead (org_name ignored, no trial).
 * Registering without the link never joins anyone else's organisation, invited address or not.
 */
export async function registerOrganisation(
  db: Db,
  sessions: SessionService,
  input: NewOrganisationAccount,
  context: RegistrationContext,
): Promise<SessionResponse> {
  if (input.inviteToken) return registerThroughInvite(db, sessions, { ...input, inviteToken: input.inviteToken }, context);
  const email = normaliseEmail(input.email);
  const orgName = input.orgName;
  if (!orgName) throw orgNameRequired();
  if (await emailHasAccount(db, email)) throw emailTaken(context, email);
  // Hash outside the transaction: argon2 is deliberately slow and must not hold locks.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [org] = await tx.insert(organizations).values({ name: orgName, emailDomain: organisationDomainFor(email) }).returning();
      if (!org) throw new Error('organisation insert returned no row');
      const [owner] = await tx
        .insert(users)
        .values({ email, name: input.name, passwordHash, role: 'org_owner', orgId: org.id })
        .returning();
      if (!owner) throw new Error('user insert returned no row');
      await createSpace(tx, org.id, { ...DEFAULT_SPACE, isDefault: true });
      await startFreeTrial(tx, org.id);
      // The address has an account now: invites other organisations sent it can never be used.
      await retireOtherInvites(tx, email);
      await recordAudit(tx, {
        action: 'org.created',
        actor: { userId: owner.id, email: owner.email, role: owner.role },
        orgId: org.id,
        target: { type: 'organization', id: org.id },
        ipAddress: context.ipAddress,
        details: { name: org.name },
      });
      return sessions.startSession(owner, tx, { ipAddress: context.ipAddress, userAgent: context.userAgent ?? null });
    });
  } catch (error) {
    // Two registrations of one email racing past the check above: the index decides.
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw emailTaken(context, email);
    throw error;
  }
}

/** Accepts the invite of the link (checked before the slow hash, and again under its lock). */
async function registerThroughInvite(
  db: Db,
  sessions: SessionService,
  input: NewAccount & { inviteToken: string },
  context: RegistrationContext,
): Promise<SessionResponse> {
  const email = normaliseEmail(input.email);
  requireInvitedAddress(await usableInvitation(db, input.inviteToken), email);
  if (await emailHasAccount(db, email)) throw emailTaken(context, email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      // Two registrations with one link: the lock lets the first use it up; the second finds nothing.
      const invitation = await usableInvitation(tx, input.inviteToken, true);
      requireInvitedAddress(invitation, email);
      return acceptInvite(tx, sessions, invitation, { email, name: input.name, passwordHash }, context.ipAddress);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw emailTaken(context, email);
    throw error;
  }
}

/** The organisation of an address's pending join request, if it has one (at most one: unique index). */
async function pendingRequestOrganisation(db: DbExecutor, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(joinRequests)
    .innerJoin(organizations, eq(organizations.id, joinRequests.orgId))
    .where(and(sql`lower(${joinRequests.email}) = ${email}`, eq(joinRequests.status, 'pending')))
    .limit(1);
  return row?.name;
}

/**
 * join_existing: files a pending request to join the organisation of the email's domain (no
 * account yet). An address that already has an account or a pending request gets the very same
 * 202 message, after the same password hashing, and its owner is emailed about the attempt.
 */
export async function joinExistingOrganisation(db: Db, input: NewAccount, context: RegistrationContext): Promise<{ message: string }> {
  const email = normaliseEmail(input.email);
  const org = await organisationForEmail(db, email);
  if (!org) throw notFound(MESSAGES.noOrgForDomain);
  const answer = { message: MESSAGES.joinRequestSent(org.name) };
  // Hashed whatever happens next, so the answer takes as long for a known address as a new one.
  const passwordHash = await hashPassword(input.password);
  if (await emailHasAccount(db, email)) {
    context.mail.sendInBackground(accountExistsNotice(email, context.appUrl));
    return answer;
  }
  const pendingWith = await pendingRequestOrganisation(db, email);
  if (pendingWith !== undefined) {
    context.mail.sendInBackground(joinRequestPendingNotice(email, pendingWith, context.appUrl));
    return answer;
  }
  try {
    await createJoinRequest(db, { orgId: org.id, email, name: input.name, passwordHash });
  } catch (error) {
    // A request or an account for this address appeared since the checks above: same answer.
    if (!(error instanceof AppError && error.statusCode === 409)) throw error;
  }
  return answer;
}
