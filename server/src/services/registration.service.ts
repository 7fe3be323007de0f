import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { InviteRole } from '../../../src/features/org-admin/org-admin.types';
import { isUniqueViolation } from '../db/errors';
import { organizations, users } from '../db/schema/index';
import { AppError, MESSAGES, conflict, notFound } from '../errors';
import { startFreeTrial } from './billing/plans.service';
import { emailDomainOf, isPublicEmailDomain, organisationDomainFor } from './email-domains';
import { createJoinRequest } from './join-requests.service';
import { acceptInvite } from './orgs/accept-invite';
import { findAcceptableInvite, findInvitationFor } from './orgs/invites.service';
import { hashPassword } from './passwords';
import type { SessionResponse, SessionService } from './sessions.service';
import { DEFAULT_SPACE, createSpace } from './spaces.service';
import { emailHasAccount, normaliseEmail } from './users.service';

export interface NewAccount {
  email: string;
  password: string;
  name: string;
}

export interface NewOrganisationAccount extends NewAccount {
  /** Needed unless the address has an acceptable invite (then it is ignored). */
  orgName?: string | undefined;
}

/**
 * Spec 000 §7 has_existing_org and organization_name; `invited` and `role` are present only for an
 * address with an acceptable invite, whose organisation_name is then the inviting organisation.
 */
export type DomainCheck =
  | { has_existing_org: boolean; organization_name?: string }
  | { has_existing_org: false; invited: true; organization_name: string; role: InviteRole };

const orgNameRequired = () =>
  new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', [{ field: 'org_name', message: MESSAGES.orgNameRequired }]);

/** The organisation registered for the email's domain (the oldest if several), if any. */
async function organisationForEmail(db: Db, email: string) {
  const domain = emailDomainOf(email);
  if (!domain || isPublicEmailDomain(domain)) return undefined;
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.emailDomain, domain))
    .orderBy(asc(organizations.createdAt))
    .limit(1);
  return org;
}

export async function checkDomain(db: Db, email: string): Promise<DomainCheck> {
  // An invited address is already on its way in: registering accepts the invite, so no "join existing"
  // and no organisation name to ask for — the screen says where they are going instead.
  const invitation = await findInvitationFor(db, email);
  if (invitation) {
    return { has_existing_org: false, invited: true, organization_name: invitation.organizationName, role: invitation.role };
  }
  const org = await organisationForEmail(db, email);
  return org ? { has_existing_org: true, organization_name: org.name } : { has_existing_org: false };
}

/**
 * Creates an organisation with its owner, default space "General", free trial plan and credit
 * account — all or nothing — and signs the owner in. An address with a pending, unexpired invite
 * joins the inviting organisation with the invited role instead (org_name ignored, no trial).
 */
export async function registerOrganisation(
  db: Db,
  sessions: SessionService,
  input: NewOrganisationAccount,
): Promise<SessionResponse> {
  const email = normaliseEmail(input.email);
  if (await emailHasAccount(db, email)) throw conflict(MESSAGES.emailTaken);
  // Refuse a missing name before the slow hash; only an invited address may leave it out.
  if (!input.orgName && !(await findAcceptableInvite(db, email))) throw orgNameRequired();
  // Hash outside the transaction: argon2 is deliberately slow and must not hold locks.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const invite = await findAcceptableInvite(tx, email, true);
      if (invite) return acceptInvite(tx, sessions, invite, { email, name: input.name, passwordHash });
      // Only reachable without a name when an invite expired between the caller's check and now.
      if (!input.orgName) throw orgNameRequired();
      const [org] = await tx
        .insert(organizations)
        .values({ name: input.orgName, emailDomain: organisationDomainFor(email) })
        .returning();
      if (!org) throw new Error('organisation insert returned no row');
      const [owner] = await tx
        .insert(users)
        .values({ email, name: input.name, passwordHash, role: 'org_owner', orgId: org.id })
        .returning();
      if (!owner) throw new Error('user insert returned no row');
      await createSpace(tx, org.id, { ...DEFAULT_SPACE, isDefault: true });
      await startFreeTrial(tx, org.id);
      return sessions.startSession(owner, tx);
    });
  } catch (error) {
    // Two registrations of one email racing past the check above: the index decides.
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw conflict(MESSAGES.emailTaken);
    throw error;
  }
}

export type JoinExistingOutcome = { joined: false; message: string } | { joined: true; session: SessionResponse };

/**
 * join_existing: an invited address joins its inviting organisation at once and is signed in;
 * otherwise a pending request to join the organisation of the email's domain is filed (no account yet).
 */
export async function joinExistingOrganisation(db: Db, sessions: SessionService, input: NewAccount): Promise<JoinExistingOutcome> {
  const email = normaliseEmail(input.email);
  if (await findAcceptableInvite(db, email)) {
    return { joined: true, session: await registerOrganisation(db, sessions, input) };
  }
  return { joined: false, ...(await requestToJoinByDomain(db, input)) };
}

/** Files a pending request to join the organisation of the email's domain; no account yet. */
async function requestToJoinByDomain(db: Db, input: NewAccount): Promise<{ message: string }> {
  const email = normaliseEmail(input.email);
  const org = await organisationForEmail(db, email);
  if (!org) throw notFound(MESSAGES.noOrgForDomain);
  await createJoinRequest(db, {
    orgId: org.id,
    email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
  });
  return { message: MESSAGES.joinRequestSent(org.name) };
}
