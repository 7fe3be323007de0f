import { eq } from 'drizzle-orm';
import type { User } from '../../../src/contract/auth';
import type { Db, DbExecutor } from '../db/database';
import { refreshTokens, users } from '../db/schema/index';
import { AppError, MESSAGES, unauthorized } from '../errors';
import type { AccessTokens } from './access-tokens';
import { API_ERROR_CODES } from '../../../src/contract/errors';
import { recordAudit } from './audit/audit.service';
import { findPendingJoinRequest } from './join-requests.service';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { presentRefreshToken, type RotationSettings } from './refresh-rotation';
import {
  clientColumns,
  findRefreshToken,
  hashRefreshToken,
  insertRefreshToken,
  revokeFamily,
  type RefreshTokenRow,
  type SessionClient,
} from './refresh-tokens';
import { signOutLeastRecentDevices } from './session-cap';
import { findUserByEmail, findUserById, toPublicUser, type UserRow } from './users.service';

/**
 * A suspended account: 403 at sign-in (the right password, refused), 401 for a session (refresh),
 * which the client takes as the end of the session rather than something to retry.
 */
const suspended = (status: 401 | 403 = 401) => new AppError(status, MESSAGES.accountSuspended, API_ERROR_CODES.accountSuspended);
const actorOf = (user: UserRow) => ({ userId: user.id, email: user.email, role: user.role });

export interface TokenPairResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
}

export interface SessionResponse extends TokenPairResponse {
  user: User;
}

/** Where a refresh came from: for the audit log, and the device list (its user agent). */
export interface RefreshContext {
  ipAddress?: string | null;
  userAgent?: string | null;
}

/**
 * Sign-in, token rotation and sign-out. Access tokens are stateless JWTs; refresh tokens are
 * opaque, stored hashed, rotate on every use (refresh-rotation.ts: a short grace window answers a
 * retry with the same successor), and a rotated one presented later revokes its whole family.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    private readonly rotation: RotationSettings,
  ) {}

  /**
   * Starts a new token family for `user`; pass a transaction to make it part of a larger write.
   * Past ACCOUNT_SESSIONS_MAX devices, the least recently used ones are signed out.
   */
  async startSession(user: UserRow, db: DbExecutor = this.db, client: SessionClient = {}): Promise<SessionResponse> {
    const refresh = await insertRefreshToken(db, user.id, this.rotation.refreshTtlDays, undefined, client);
    await signOutLeastRecentDevices(db, user.id);
    return {
      access_token: await this.signFor(user, refresh.familyId),
      refresh_token: refresh.token,
      token_type: 'bearer',
      user: toPublicUser(user),
    };
  }

  /**
   * Same 401 for an unknown email and a wrong password, each after one argon2 verify. Only the
   * right password learns more: a suspended account is told so, and an address whose join
   * request still waits is told which organisation must approve it (its password was hashed with
   * the request).
   */
  async login(email: string, password: string, client: SessionClient = {}): Promise<SessionResponse> {
    const user = await findUserByEmail(this.db, email);
    if (!user) {
      const refusal = await this.refusalWithoutAccount(email, password);
      await this.recordFailedSignIn(email, null, refusal.code === API_ERROR_CODES.joinRequestAwaitingApproval ? 'join_request_pending' : 'unknown_email', client);
      throw refusal;
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await this.recordFailedSignIn(email, user, 'wrong_password', client);
      throw unauthorized(MESSAGES.badCredentials);
    }
    if (user.disabled) {
      await this.recordFailedSignIn(email, user, 'account_suspended', client);
      throw suspended(403);
    }
    if (needsRehash(user.passwordHash)) {
      // The password is at hand only now: upgrade a hash made with older parameters.
      await this.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
    }
    return this.db.transaction(async (tx) => {
      const session = await this.startSession(user, tx, client);
      await recordAudit(tx, {
        action: 'auth.signed_in',
        actor: actorOf(user),
        orgId: user.orgId,
        target: { type: 'user', id: user.id },
        ipAddress: client.ipAddress ?? null,
        details: { user_agent: client.userAgent?.slice(0, 200) ?? null },
      });
      return session;
    });
  }

  async refresh(refreshToken: string, context: RefreshContext = {}): Promise<TokenPairResponse> {
    // Reuse detection must revoke the family even though the request fails, so the outcome is
    // decided inside the transaction and the error thrown after it commits.
    const outcome = await this.db.transaction(async (tx): Promise<TokenPairResponse | AppError> => {
      const presented = await presentRefreshToken(tx, this.rotation, refreshToken);
      if (presented.kind === 'unknown') return unauthorized(MESSAGES.invalidRefreshToken);
      if (presented.kind === 'reuse') {
        await revokeFamily(tx, presented.row.familyId);
        await this.recordReuse(tx, presented.row, context);
        return unauthorized(MESSAGES.invalidRefreshToken);
      }
      if (presented.kind === 'revoked') {
        await revokeFamily(tx, presented.row.familyId);
        // A suspension signs every device out: the holder of a session is told why.
        const owner = await findUserById(tx, presented.row.userId);
        return owner?.disabled ? suspended() : unauthorized(MESSAGES.invalidRefreshToken);
      }
      if (presented.kind === 'expired') {
        await revokeFamily(tx, presented.row.familyId);
        return unauthorized(MESSAGES.refreshTokenExpired);
      }
      const user = await findUserById(tx, presented.row.userId);
      if (!user || user.disabled) {
        await revokeFamily(tx, presented.row.familyId);
        return user ? suspended() : unauthorized(MESSAGES.invalidRefreshToken);
      }
      // The device as it is now (its address may have changed), for the account's device list.
      await tx
        .update(refreshTokens)
        .set(clientColumns(context))
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented.token)));
      // A fresh access token every time, also when the grace window hands out a known successor.
      return {
        access_token: await this.signFor(user, presented.row.familyId),
        refresh_token: presented.token,
        token_type: 'bearer',
      };
    });
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  /** Revokes the family of `refreshToken`; unknown or already revoked tokens are fine. Audited when it ended a session. */
  async logout(refreshToken: string, ipAddress: string | null = null): Promise<void> {
    const row = await findRefreshToken(this.db, refreshToken);
    if (!row) return;
    await this.db.transaction(async (tx) => {
      if ((await revokeFamily(tx, row.familyId)) === 0) return;
      await recordAudit(tx, {
        action: 'auth.signed_out',
        actor: { userId: row.userId },
        target: { type: 'refresh_token_family', id: row.familyId },
        orgId: (await findUserById(tx, row.userId))?.orgId ?? null,
        ipAddress,
      });
    });
  }

  /**
   * A refused sign-in, for the security screen: the address typed, why it failed and from where.
   * Only platform admins (and the organisation's owners, for its accounts) read these.
   */
  private async recordFailedSignIn(email: string, user: UserRow | null, reason: string, client: SessionClient): Promise<void> {
    await recordAudit(this.db, {
      action: 'auth.sign_in_failed',
      actor: null,
      orgId: user?.orgId ?? null,
      target: user ? { type: 'user', id: user.id } : null,
      ipAddress: client.ipAddress ?? null,
      details: { email: email.trim().toLowerCase().slice(0, 320), reason },
    });
  }

  /** No account: a pending join request whose password this is gets its own answer; else the usual 401. */
  private async refusalWithoutAccount(email: string, password: string): Promise<AppError> {
    const pending = await findPendingJoinRequest(this.db, email);
    if (!pending) {
      await verifyAgainstDummy(password);
      return unauthorized(MESSAGES.badCredentials);
    }
    if (!(await verifyPassword(pending.passwordHash, password))) return unauthorized(MESSAGES.badCredentials);
    return new AppError(403, MESSAGES.joinRequestAwaitingApproval(pending.orgName), API_ERROR_CODES.joinRequestAwaitingApproval);
  }

  /** Theft detection goes to the audit log, in the transaction that revokes the family. */
  private async recordReuse(tx: DbExecutor, row: RefreshTokenRow, context: RefreshContext): Promise<void> {
    const owner = await findUserById(tx, row.userId);
    await recordAudit(tx, {
      action: 'auth.refresh_reuse',
      actor: { userId: row.userId, email: owner?.email ?? null, role: owner?.role ?? null },
      orgId: owner?.orgId ?? null,
      target: { type: 'refresh_token_family', id: row.familyId },
      ipAddress: context.ipAddress ?? null,
      details: { rotated_at: row.revokedAt?.toISOString() ?? null },
    });
  }

  private signFor(user: UserRow, sessionId: string): Promise<string> {
    return this.accessTokens.sign({ userId: user.id, role: user.role, orgId: user.orgId, sessionId });
  }
}
