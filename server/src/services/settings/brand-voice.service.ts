import { eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { brandVoices } from '../../db/schema/index';

/** Spec 001 §3 brand voice, as the client reads it. `content` is '' until someone writes one. */
export interface BrandVoice {
  content: string;
  updatedAt: string | null;
  createdBy: string | null;
}

export async function getBrandVoice(db: DbExecutor, orgId: string): Promise<BrandVoice> {
  const [row] = await db.select().from(brandVoices).where(eq(brandVoices.orgId, orgId));
  if (!row) return { content: '', updatedAt: null, createdBy: null };
  return { content: row.content, updatedAt: row.updatedAt.toISOString(), createdBy: row.createdBy };
}

/** Replaces the organisation's brand voice (one row per organisation, written atomically) and audits it. */
export async function saveBrandVoice(db: Db, orgId: string, userId: string, content: string, ipAddress: string | null = null): Promise<BrandVoice> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(brandVoices)
      .values({ orgId, content, createdBy: userId, updatedAt: now })
      .onConflictDoUpdate({ target: brandVoices.orgId, set: { content, createdBy: userId, updatedAt: now } })
      .returning();
    // The text itself may be long and is the organisation's own: the log keeps only its length.
    await recordAudit(tx, { action: 'brand_voice.updated', actor: { userId }, orgId, ipAddress, details: { characters: content.length } });
    return { content: row!.content, updatedAt: row!.updatedAt.toISOString(), createdBy: row!.createdBy };
  });
}
