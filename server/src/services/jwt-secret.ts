import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appSecrets } from '../db/schema/index';

const JWT_SECRET_NAME = 'jwt_secret';

/**
 * The key that signs access tokens. JWT_SECRET wins when set; otherwise one key is generated on
 * first start and kept in the database, so every process (and every restart) signs with the
 * same key. `ON CONFLICT DO NOTHING` makes concurrent first starts agree on a single key.
 */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSecrets)
    .values({ name: JWT_SECRET_NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, JWT_SECRET_NAME));
  if (!row) throw new Error('JWT secret could not be stored');
  return new TextEncoder().encode(row.value);
}
