import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema/index';
import { hashPassword } from './passwords';
import { findUserByEmail, normaliseEmail, type UserRow } from './users.service';

export interface PlatformAdminInput {
  email: string;
  name: string;
  role: 'system_admin' | 'support_admin';
  /**
   * Replaces the password when given. Otherwise an existing account keeps its password and a new
   * one gets a generated password, returned once as `generatedPassword`.
   */
  password?: string | undefined;
}

/**
 * Creates a platform admin or promotes the existing account with that email. Platform admins
 * belong to no organisation, so a promoted account leaves its organisation.
 */
export interface PlatformAdminResult {
  user: UserRow;
  created: boolean;
  generatedPassword?: string;
}

export async function upsertPlatformAdmin(db: Db, input: PlatformAdminInput): Promise<PlatformAdminResult> {
  const email = normaliseEmail(input.email);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const [user] = await db
      .update(users)
      .set({
        role: input.role,
        name: input.name,
        orgId: null,
        disabled: false,
        ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
      })
      .where(eq(users.id, existing.id))
      .returning();
    if (!user) throw new Error('admin update returned no row');
    return { user, created: false };
  }
  const generatedPassword = input.password ? undefined : randomBytes(18).toString('base64url');
  const password = input.password ?? generatedPassword!;
  const [user] = await db
    .insert(users)
    .values({ email, name: input.name, role: input.role, orgId: null, passwordHash: await hashPassword(password) })
    .returning();
  if (!user) throw new Error('admin insert returned no row');
  return generatedPassword ? { user, created: true, generatedPassword } : { user, created: true };
}
