import { eq } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MINUTES, RESET_REQUESTED_MESSAGE, type MessageAnswer } from '../../../../src/contract/account';
import { API_ERROR_CODES } from '../../../../src/contract/errors';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/index';
import { AppError, MESSAGES } from '../../errors';
import type { MailService } from '../../mail/mail-service';
import { passwordChangedNotice, passwordResetMail } from '../../mail/templates/account-mail';
import { recordAudit } from '../audit/audit.service';
import { hashPassword } from '../passwords';
import { endUserSessions } from '../end-sessions';
import { findUserByEmail, findUserById } from '../users.service';
import { consumeAccountToken, issueAccountToken } from './account-tokens';

const MINUTE_MS = 60_000;

/** What the reset flow needs besides the database: mail, where links point, the caller's address. */
export interface AccountMailContext {
  mail: MailService;
  /** PUBLIC_URL or the request's origin. */
  appUrl: string;
  ipAddress: string | null;
}

export const resetLinkFor = (appUrl: string, secret: string) => `${appUrl}/reset-password?token=${encodeURIComponent(secret)}`;

/**
 * "Forgot password?": mails a single-use link to the address if it has an account that may sign
 * in. The answer is the same sentence either way, and the mail is sent in the background, so
 * neither the answer nor its timing says whether the address has an account.
 */
export async function requestPasswordReset(db: Db, email: string, context: AccountMailContext): Promise<MessageAnswer> {
  const user = await findUserByEmail(db, email);
  if (user && !user.disabled) {
    const secret = await issueAccountToken(db, {
      userId: user.id,
      purpose: 'password_reset',
      lifetimeMs: PASSWORD_RESET_TTL_MINUTES * MINUTE_MS,
    });
    context.mail.sendInBackground(passwordResetMail(user.email, resetLinkFor(context.appUrl, secret)));
  }
  return { message: RESET_REQUESTED_MESSAGE };
}

export const resetLinkInvalid = () => new AppError(404, MESSAGES.resetLinkInvalid, API_ERROR_CODES.accountLinkInvalid);
export const resetLinkExpired = () => new AppError(410, MESSAGES.resetLinkExpired, API_ERROR_CODES.accountLinkExpired);

/**
 * Sets the new password from a reset link: the link is used up, every session of the account is
 * ended at once, access tokens included (whoever knew the old password is out on their next
 * request), and the reset is audited — one transaction. The owner is then told by email.
 */
export async function resetPassword(db: Db, secret: string, newPassword: string, context: AccountMailContext): Promise<void> {
  // argon2 is slow on purpose: hash before taking any lock.
  const passwordHash = await hashPassword(newPassword);
  const outcome = await db.transaction(async (tx) => {
    const consumed = await consumeAccountToken(tx, secret, 'password_reset');
    if (consumed.kind === 'invalid') return resetLinkInvalid();
    if (consumed.kind === 'expired') return resetLinkExpired();
    const user = await findUserById(tx, consumed.row.userId);
    if (!user || user.disabled) return resetLinkInvalid();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endUserSessions(tx, user.id);
    await recordAudit(tx, {
      action: 'account.password_reset',
      actor: { userId: user.id, email: user.email, role: user.role },
      orgId: user.orgId,
      target: { type: 'user', id: user.id },
      ipAddress: context.ipAddress,
    });
    return user;
  });
  if (outcome instanceof AppError) throw outcome;
  context.mail.sendInBackground(passwordChangedNotice(outcome.email, context.appUrl, 'reset'));
}
