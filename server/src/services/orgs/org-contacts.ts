import { and, asc, eq, inArray } from 'drizzle-orm';
import { ORG_CONTACTS_MAX, type OrgContact } from '../../../../src/contract/orgs';
import type { DbExecutor } from '../../db/database';
import { users } from '../../db/schema/index';

/** The organisation's owners, then admins, by name, the first ORG_CONTACTS_MAX: whom anyone in it can ask for help. */
export async function listOrgContacts(db: DbExecutor, orgId: string): Promise<OrgContact[]> {
  const rows = await db
    .select({ name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.role, ['org_owner', 'org_admin']), eq(users.disabled, false)))
    .orderBy(asc(users.role), asc(users.name), asc(users.id))
    .limit(ORG_CONTACTS_MAX);
  return rows.map((row) => ({ name: row.name, email: row.email, role: row.role === 'org_owner' ? 'org_owner' : 'org_admin' }));
}
