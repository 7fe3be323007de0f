/**
 * The signed-in person's own account: name, password and email. Each change is audited in the
 * transaction that makes it; mail about it goes out in the background afterwards.
 */
import { eq } from 'drizzle-orm';
import type { User } from '../../../../src/contract/auth';
import { EMAIL_CHANGE_TTL_HOURS, type MessageAnswer } from '../../../../src/contract/account';
import { API_ERROR_CODES } from '../../../../src/contract/errors';
import type { Db, DbExecutor } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema/index';
import { AppError, MESSAGES, conflict } from '../../errors';
import {
  emailChangeConfirmMail,
  emailChangeRequestedNotice,
  emailChangedNotice,
  passwordChangedNotice,
} from '../../mail/templates/account-mail';
import { recordAudit, type AuditAction } from '../audit/audit.service';
import { hashPassword, verifyPassword } from '../passwords';
import { retireOtherInvites } from '../pending-invites';
import { endUserSessions } from '../end-sessions';
import { emailHasAccount, findUserById, normaliseEmail, toPublicUser, type UserRow } from '../users.service';
import { consumeAccountToken, issueAccountToken } from './account-tokens';
import type { AccountMailContext } from './password-reset.service';

const HOUR_MS = 3_600_000;

/** The caller: their row as requireAuth read it, and the session the request was made with. */
export interface AccountCaller {
  user: UserRow;
  sessionId: string | null;
}

const fieldError = (field: string, message: string) => new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', [{ field, message }]);

function audit(db: DbExecutor, action: AuditAction, user: UserRow, ipAddress: string | null, details: Record<string, unknown> = {}) {
  return recordAudit(db, {
    action,
    actor: { userId: user.id, email: user.email, role: user.role },
    orgId: user.orgId,
    target: { type: 'user', id: user.id },
    ipAddress,
    details,
  });
}

/** A wrong current password is a problem of that field (422), so the form shows it there. */
async function requireCurrentPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw fieldError('current_password', MESSAGES.currentPasswordWrong);
}

export async function changeName(db: Db, caller: AccountCaller, name: string, ipAddress: string | null): Promise<User> {
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ name }).where(eq(users.id, caller.user.id)).returning();
    if (!updated) throw new Error('user update returned no row');
    await audit(tx, 'account.name_changed', caller.user, ipAddress, { from: caller.user.name, to: name });
    return toPublicUser(updated);
  });
}

/**
 * New password, with the current one as proof. Every other session of the account is ended at
 * once, access tokens included (whoever may have learnt the old password is out on their next
 * request); the session that asked stays signed in.
 */
export async function changePassword(
  db: Db,
  caller: AccountCaller,
  input: { currentPassword: string; newPassword: string },
  context: AccountMailContext,
): Promise<void> {
  await requireCurrentPassword(caller.user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, caller.user.id));
    await endUserSessions(tx, caller.user.id, caller.sessionId);
    await audit(tx, 'account.password_changed', caller.user, context.ipAddress);
  });
  context.mail.sendInBackground(passwordChangedNotice(caller.user.email, context.appUrl, 'change'));
}

export const emailChangeRequested = (newEmail: string, currentEmail: string) =>
  `We have emailed a confirmation link to ${newEmail}. Your email address changes when you use it; until then you sign in with ${currentEmail}.`;

export const emailLinkFor = (appUrl: string, secret: string) => `${appUrl}/confirm-email?token=${encodeURIComponent(secret)}`;

/**
 * Asks to move the account to `newEmail`: a single-use link goes to that address, and the
 * current address is told. An address that already has an account gets the same answer and no
 * link, so the form cannot be used to find out which addresses have accounts.
 */
export async function requestEmailChange(
  db: Db,
  caller: AccountCaller,
  input: { newEmail: string; currentPassword: string },
  context: AccountMailContext,
): Promise<MessageAnswer> {
  const newEmail = normaliseEmail(input.newEmail);
  const current = caller.user.email;
  if (newEmail === normaliseEmail(current)) throw fieldError('new_email', MESSAGES.newEmailSame);
  await requireCurrentPassword(caller.user, input.currentPassword);
  const answer = { message: emailChangeRequested(newEmail, current) };
  if (await emailHasAccount(db, newEmail)) return answer;
  const secret = await db.transaction(async (tx) => {
    const issued = await issueAccountToken(tx, {
      userId: caller.user.id,
      purpose: 'email_change',
      lifetimeMs: EMAIL_CHANGE_TTL_HOURS * HOUR_MS,
      newEmail,
    });
    await audit(tx, 'account.email_change_requested', caller.user, context.ipAddress, { to: newEmail });
    return issued;
  });
  context.mail.sendInBackground(emailChangeConfirmMail(newEmail, current, emailLinkFor(context.appUrl, secret)));
  context.mail.sendInBackground(emailChangeRequestedNotice(current, newEmail, context.appUrl));
  return answer;
}

const emailLinkInvalid = () => new AppError(404, MESSAGES.emailLinkInvalid, API_ERROR_CODES.accountLinkInvalid);
const emailLinkExpired = () => new AppError(410, MESSAGES.emailLinkExpired, API_ERROR_CODES.accountLinkExpired);

/**
 * The link from the new address: the account signs in with it from now on (sessions stay), its
 * invites to that address are void, the change is audited, and the old address is told.
 */
export async function confirmEmailChange(db: Db, secret: string, context: AccountMailContext): Promise<{ message: string; email: string }> {
  let outcome: AppError | { previous: string; user: UserRow };
  try {
    outcome = await db.transaction(async (tx) => {
      const consumed = await consumeAccountToken(tx, secret, 'email_change');
      if (consumed.kind === 'invalid') return emailLinkInvalid();
      if (consumed.kind === 'expired') return emailLinkExpired();
      const user = await findUserById(tx, consumed.row.userId);
      const newEmail = consumed.row.newEmail;
      if (!user || user.disabled || !newEmail) return emailLinkInvalid();
      const [updated] = await tx.update(users).set({ email: newEmail }).where(eq(users.id, user.id)).returning();
      if (!updated) throw new Error('user update returned no row');
      await retireOtherInvites(tx, newEmail);
      await audit(tx, 'account.email_changed', user, context.ipAddress, { from: user.email, to: newEmail });
      return { previous: user.email, user: updated };
    });
  } catch (error) {
    // The address got an account of its own since the link was sent: only its owner holds the link.
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw conflict(MESSAGES.emailTaken);
    throw error;
  }
  if (outcome instanceof AppError) throw outcome;
  context.mail.sendInBackground(emailChangedNotice(outcome.previous, outcome.user.email, context.appUrl));
  return { message: `Your email address is now ${outcome.user.email}. Sign in with it from now on.`, email: outcome.user.email };
}
