import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appSecrets } from '../../db/schema/index';
import { generateVapidKeys, type VapidKeys } from '../../push/web-push-sender';

const VAPID_KEYS_NAME = 'vapid_keys';

/**
 * The VAPID key pair push messages are signed with. VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY win when
 * set; otherwise one pair is generated on first start and kept in app_secrets (like the JWT key),
 * so every process and every restart signs with the same pair. That matters more than for the JWT
 * key: browsers subscribed with the public key, and a new pair would silently orphan every
 * subscription. The pair is stored as one row, so concurrent first starts (`ON CONFLICT DO
 * NOTHING`) agree on one public key and its own private key.
 */
export async function resolveVapidKeys(db: Db, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: VAPID_KEYS_NAME, value: JSON.stringify(generateVapidKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, VAPID_KEYS_NAME));
  if (!row) throw new Error('VAPID keys could not be stored');
  const keys = JSON.parse(row.value) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') throw new Error('The stored VAPID keys are unreadable');
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
