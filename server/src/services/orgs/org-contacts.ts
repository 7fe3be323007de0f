import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrgContact } from '../../../../src/contract/orgs';
import type { DbExecutor } from '../../db/database';
import { users } from '../../db/schema/index';

/** The organisation's owners, then admins, by name: whom anyone in it can ask for help. */
export async function listOrgContacts(db: DbExecutor, orgId: string): Promise<OrgContact[]> {
  const rows = await db
    .select({ name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.role, ['org_owner', 'org_admin']), eq(users.disabled, false)))
    .orderBy(asc(users.role), asc(users.name));
  return rows.map((row) => ({ name: row.name, email: row.email, role: row.role === 'org_owner' ? 'org_owner' : 'org_admin' }));
}
