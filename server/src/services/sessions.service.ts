import { eq } from 'drizzle-orm';
import type { User } from '../../../src/features/auth/auth.types';
import type { Db, DbExecutor } from '../db/database';
import { users } from '../db/schema/index';
import { AppError, MESSAGES, unauthorized } from '../errors';
import type { AccessTokens } from './access-tokens';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import {
  findRefreshToken,
  insertRefreshToken,
  lockRefreshToken,
  markReplaced,
  revokeFamily,
} from './refresh-tokens';
import { findUserByEmail, findUserById, toPublicUser, type UserRow } from './users.service';

export interface TokenPairResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
}

export interface SessionResponse extends TokenPairResponse {
  user: User;
}

/**
 * Sign-in, token rotation and sign-out. Access tokens are stateless JWTs; refresh tokens are
 * opaque, stored hashed, rotate on every use, and a reused one revokes its whole family.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    private readonly refreshTtlDays: number,
  ) {}

  /** Starts a new token family for `user`; pass a transaction to make it part of a larger write. */
  async startSession(user: UserRow, db: DbExecutor = this.db): Promise<SessionResponse> {
    const refresh = await insertRefreshToken(db, user.id, this.refreshTtlDays);
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

  async refresh(refreshToken: string): Promise<TokenPairResponse> {
    // Reuse detection must revoke the family even though the request fails, so the outcome is
    // decided inside the transaction and the error thrown after it commits.
    const outcome = await this.db.transaction(async (tx): Promise<TokenPairResponse | AppError> => {
      const row = await lockRefreshToken(tx, refreshToken);
      if (!row) return unauthorized(MESSAGES.invalidRefreshToken);
      if (row.revokedAt || row.replacedBy) {
        await revokeFamily(tx, row.familyId);
        return unauthorized(MESSAGES.invalidRefreshToken);
      }
      if (row.expiresAt.getTime() <= Date.now()) {
        await revokeFamily(tx, row.familyId);
        return unauthorized(MESSAGES.refreshTokenExpired);
      }
      const user = await findUserById(tx, row.userId);
      if (!user || user.disabled) {
        await revokeFamily(tx, row.familyId);
        return unauthorized(MESSAGES.invalidRefreshToken);
      }
      const next = await insertRefreshToken(tx, user.id, this.refreshTtlDays, row.familyId);
      await markReplaced(tx, row.id, next.id);
      return { access_token: await this.signFor(user), refresh_token: next.token, token_type: 'bearer' };
    });
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  /** Revokes the family of `refreshToken`; unknown or already revoked tokens are fine. */
  async logout(refreshToken: string): Promise<void> {
    const row = await findRefreshToken(this.db, refreshToken);
    if (row) await revokeFamily(this.db, row.familyId);
  }

  private signFor(user: UserRow): Promise<string> {
    return this.accessTokens.sign({ userId: user.id, role: user.role, orgId: user.orgId });
  }
}
