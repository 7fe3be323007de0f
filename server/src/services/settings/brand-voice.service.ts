import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
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

/** Replaces the organisation's brand voice (one row per organisation, written atomically). */
export async function saveBrandVoice(db: DbExecutor, orgId: string, userId: string, content: string): Promise<BrandVoice> {
  const now = new Date();
  const [row] = await db
    .insert(brandVoices)
    .values({ orgId, content, createdBy: userId, updatedAt: now })
    .onConflictDoUpdate({ target: brandVoices.orgId, set: { content, createdBy: userId, updatedAt: now } })
    .returning();
  return { content: row!.content, updatedAt: row!.updatedAt.toISOString(), createdBy: row!.createdBy };
}
