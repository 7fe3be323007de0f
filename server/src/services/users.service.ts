import { eq, sql } from 'drizzle-orm';
import type { User } from '../../../src/contract/auth';
import type { DbExecutor } from '../db/database';
import { users } from '../db/schema/index';

export type UserRow = typeof users.$inferSelect;

/** Emails are compared case-insensitively and without surrounding spaces everywhere. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user record of spec 000 §3 (never the password hash). */
export function toPublicUser(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role, org_id: row.orgId };
}

export async function findUserByEmail(db: DbExecutor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normaliseEmail(email)}`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbExecutor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function emailHasAccount(db: DbExecutor, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== undefined;
}
