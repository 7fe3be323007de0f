import { eq } from 'drizzle-orm';
import type { User } from '../../../src/contract/auth';
import type { Db, DbExecutor } from '../db/database';
import { users } from '../db/schema/index';
import { AppError, MESSAGES, unauthorized } from '../errors';
import type { AccessTokens } from './access-tokens';
import { recordAudit } from './audit/audit.service';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { presentRefreshToken, type RotationSettings } from './refresh-rotation';
import { findRefreshToken, insertRefreshToken, revokeFamily, type RefreshTokenRow } from './refresh-tokens';
import { findUserByEmail, findUserById, toPublicUser, type UserRow } from './users.service';

export interface TokenPairResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
}

export interface SessionResponse extends TokenPairResponse {
  user: User;
}

/** Where a refresh came from, for the audit log. */
export interface RefreshContext {
  ipAddress?: string | null;
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

  /** Starts a new token family for `user`; pass a transaction to make it part of a larger write. */
  async startSession(user: UserRow, db: DbExecutor = this.db): Promise<SessionResponse> {
    const refresh = await insertRefreshToken(db, user.id, this.rotation.refreshTtlDays);
    return {
      access_token: await this.signFor(user),
      refresh_token: refresh.token,
      token_type: 'bearer',
      user: toPublicUser(user),
    };
  }

  /** Same 401 for an unknown email, a wrong password and a disabled account. */
  async login(email: string, password: string): Promise<SessionResponse> {
    const user = await findUserByEmail(this.db, email);
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !valid || user.disabled) throw unauthorized(MESSAGES.badCredentials);
    if (needsRehash(user.passwordHash)) {
      // The password is at hand only now: upgrade a hash made with older parameters.
      await this.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
    }
    return this.startSession(user);
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
        return unauthorized(MESSAGES.invalidRefreshToken);
      }
      if (presented.kind === 'expired') {
        await revokeFamily(tx, presented.row.familyId);
        return unauthorized(MESSAGES.refreshTokenExpired);
      }
      const user = await findUserById(tx, presented.row.userId);
      if (!user || user.disabled) {
        await revokeFamily(tx, presented.row.familyId);
        return unauthorized(MESSAGES.invalidRefreshToken);
      }
      // A fresh access token every time, also when the grace window hands out a known successor.
      return { access_token: await this.signFor(user), refresh_token: presented.token, token_type: 'bearer' };
    });
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  /** Revokes the family of `refreshToken`; unknown or already revoked tokens are fine. */
  async logout(refreshToken: string): Promise<void> {
    const row = await findRefreshToken(this.db, refreshToken);
    if (row) await revokeFamily(this.db, row.familyId);
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

  private signFor(user: UserRow): Promise<string> {
    return this.accessTokens.sign({ userId: user.id, role: user.role, orgId: user.orgId });
  }
}
