import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { userPreferences } from '../../db/schema/index';
import type { Onboarding } from '../../../../src/contract/onboarding';
import { notFound } from '../../errors';

export interface ChecklistCaller {
  userId: string;
  orgId: string;
  spaceId: string;
}

interface Row {
  organisation_name: string;
  brand_voice: boolean;
  knowledge: boolean;
  analytics: boolean;
  team: boolean;
  chat: boolean;
  dismissed: boolean;
}

/**
 * The "Get started" checklist for the caller's organisation and current space, each step read from
 * the data that proves it (src/contract/onboarding.ts says what each needs), in one round trip.
 */
export async function getChecklist(db: DbExecutor, caller: ChecklistCaller): Promise<Onboarding> {
  const result = await db.execute(sql`
    select o.name as organisation_name,
      exists(select 1 from brand_voices b where b.org_id = o.id and length(btrim(b.content)) > 0) as brand_voice,
      exists(select 1 from kb_documents d where d.space_id = ${caller.spaceId} and d.status = 'ready') as knowledge,
      exists(select 1 from ga4_linked_properties l where l.space_id = ${caller.spaceId}) as analytics,
      ((select count(*) from users u where u.org_id = o.id and not u.disabled) >= 2
        or exists(select 1 from org_invites i where i.org_id = o.id and i.status = 'pending' and i.expires_at > now())) as team,
      exists(select 1 from chat_sessions c where c.space_id = ${caller.spaceId} and c.deleted_at is null) as chat,
      exists(select 1 from user_preferences p where p.user_id = ${caller.userId} and p.checklist_dismissed_at is not null) as dismissed
    from organizations o
    where o.id = ${caller.orgId}
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) throw notFound('Organisation not found');
  return {
    steps: {
      brand_voice: row.brand_voice,
      knowledge: row.knowledge,
      analytics: row.analytics,
      team: row.team,
      chat: row.chat,
    },
    dismissed: row.dismissed,
    organisation_name: row.organisation_name,
  };
}

/** Closes (or brings back) the checklist for this person, on every device. */
export async function setChecklistDismissed(db: DbExecutor, userId: string, dismissed: boolean): Promise<void> {
  const now = new Date();
  const checklistDismissedAt = dismissed ? now : null;
  await db
    .insert(userPreferences)
    .values({ userId, checklistDismissedAt, updatedAt: now })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { checklistDismissedAt, updatedAt: now } });
}
