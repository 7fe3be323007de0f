/**
 * What a system admin does to an account: suspend and reactivate it, sign it out everywhere, send
 * it a password reset link. Each change and its audit entry are one transaction; the account row
 * is locked so two admins acting at once do not interleave.
 *
 * Signing out "everywhere" is immediate: every refresh-token family is revoked (no device can
 * refresh) and `sessions_revoked_at` makes requireAuth refuse the access tokens issued before it
 * (end-sessions.ts), so no device keeps working until its access token expires.
 */
import { eq } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MINUTES } from '../../../../src/contract/account';
import { ADMIN_TEXTS, type AdminUserDetail } from '../../../../src/contract/admin';
import type { Db, DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { users } from '../../db/schema/index';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { MailService } from '../../mail/mail-service';
import { supportPasswordResetMail } from '../../mail/templates/admin-mail';
import { issueAccountToken } from '../account/account-tokens';
import { resetLinkFor } from '../account/password-reset.service';
import type { AuditAction } from '../audit/audit.service';
import { endUserSessions } from '../end-sessions';
import type { UserRow } from '../users.service';
import { recordAdminAudit, type AdminCaller } from './admin-audit';
import { adminUserDetail } from './users.service';

/** The system admin acting, as requireAuth read them, and where from. */
const MINUTE_MS = 60_000;

/** The target account, locked; oneself and system admins are refused (the CLI manages those). */
async function lockTarget(tx: DbExecutor, admin: AdminCaller, userId: string): Promise<UserRow> {
  if (!isUuid(userId)) throw notFound(ADMIN_TEXTS.userNotFound);
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!target) throw notFound(ADMIN_TEXTS.userNotFound);
  if (target.id === admin.user.id) throw forbidden(ADMIN_TEXTS.cannotActOnSelf);
  if (target.role === 'system_admin') throw forbidden(ADMIN_TEXTS.cannotActOnSystemAdmin);
  return target;
}

function audit(tx: DbExecutor, admin: AdminCaller, action: AuditAction, target: UserRow, details: Record<string, unknown>) {
  return recordAdminAudit(tx, admin, {
    action,
    orgId: target.orgId,
    target: { type: 'user', id: target.id },
    details: { email: target.email, ...details },
  });
}

/**
 * Suspends the account: it is signed out everywhere at once, refused at sign-in (403
 * ACCOUNT_SUSPENDED) and on every request (401 ACCOUNT_SUSPENDED). Suspending a suspended
 * account changes nothing and records nothing.
 */
export async function suspendUser(db: Db, admin: AdminCaller, userId: string, reason: string): Promise<AdminUserDetail> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, admin, userId);
    if (target.disabled) return;
    await tx.update(users).set({ disabled: true }).where(eq(users.id, target.id));
    const devices = await endUserSessions(tx, target.id);
    await audit(tx, admin, 'admin.user_suspended', target, { reason, devices_signed_out: devices });
  });
  return adminUserDetail(db, userId);
}

/** Lets the account sign in again (its earlier sessions stay ended). */
export async function reactivateUser(db: Db, admin: AdminCaller, userId: string, reason: string): Promise<AdminUserDetail> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, admin, userId);
    if (!target.disabled) return;
    await tx.update(users).set({ disabled: false }).where(eq(users.id, target.id));
    await audit(tx, admin, 'admin.user_reactivated', target, { reason });
  });
  return adminUserDetail(db, userId);
}

/** Signs the account out on every device now; it can sign in again with its password. */
export async function signOutEverywhere(db: Db, admin: AdminCaller, userId: string, reason: string): Promise<AdminUserDetail> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, admin, userId);
    const devices = await endUserSessions(tx, target.id);
    await audit(tx, admin, 'admin.sessions_revoked', target, { reason, devices_signed_out: devices });
  });
  return adminUserDetail(db, userId);
}

export interface ResetLinkContext {
  mail: MailService;
  appUrl: string;
}

/**
 * Mails the account a password reset link, the same single-use, expiring link "Forgot password?"
 * sends (an earlier unused link stops working). The admin is told where it went: emailed, or
 * written to the outbox when no mail server is set up. A suspended account gets none (409).
 */
export async function sendResetLink(db: Db, admin: AdminCaller, userId: string, context: ResetLinkContext): Promise<{ message: string }> {
  const { target, secret } = await db.transaction(async (tx) => {
    const locked = await lockTarget(tx, admin, userId);
    if (locked.disabled) throw conflict(ADMIN_TEXTS.suspendedGetsNoResetLink);
    const issued = await issueAccountToken(tx, { userId: locked.id, purpose: 'password_reset', lifetimeMs: PASSWORD_RESET_TTL_MINUTES * MINUTE_MS });
    await audit(tx, admin, 'admin.password_reset_sent', locked, { delivery: context.mail.kind });
    return { target: locked, secret: issued };
  });
  try {
    await context.mail.send(supportPasswordResetMail(target.email, resetLinkFor(context.appUrl, secret)));
  } catch {
    throw new AppError(502, ADMIN_TEXTS.resetLinkNotSent, 'MAIL_FAILED');
  }
  return { message: context.mail.kind === 'smtp' ? ADMIN_TEXTS.resetLinkEmailed(target.email) : ADMIN_TEXTS.resetLinkInOutbox(target.email) };
}
