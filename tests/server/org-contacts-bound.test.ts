/**
 * GET /orgs/contacts answers the first ORG_CONTACTS_MAX owners and admins, owners first, each by
 * name (docs/scale.md "Every list has a bound"): a few people to ask, however many admins there are.
 */
import { describe, expect, it } from 'vitest';
import { ORG_CONTACTS_MAX, type OrgContact } from '../../src/contract/orgs';
import { users } from '../../server/src/db/schema/index';
import { appForSuite } from '../helpers/suite-fixtures';
import { call, newOrganisation } from './org-helpers';

describe('GET /orgs/contacts: at most ORG_CONTACTS_MAX people', () => {
  const t = appForSuite();

  it('answers the owners first, then the admins by name, up to the bound', async () => {
    const owner = await newOrganisation(t, 'Many Admins Org', 'Zara Owner');
    const domain = owner.email.split('@')[1];
    const admins = Array.from({ length: ORG_CONTACTS_MAX + 5 }, (_, index) => `Admin ${String(index).padStart(2, '0')}`);
    await t.database.db.insert(users).values(
      admins.map((name, index) => ({ name, role: 'org_admin' as const, orgId: owner.user.org_id!, email: `admin-${index}@${domain}`, passwordHash: 'not-used' })),
    );
    const response = await call(t, 'GET', '/orgs/contacts', owner.access_token);
    expect(response.statusCode).toBe(200);
    const contacts = response.json<{ contacts: OrgContact[] }>().contacts;
    expect(contacts).toHaveLength(ORG_CONTACTS_MAX);
    expect(contacts[0]).toEqual({ name: 'Zara Owner', email: owner.email, role: 'org_owner' });
    expect(contacts.slice(1).map((contact) => contact.name)).toEqual(admins.slice(0, ORG_CONTACTS_MAX - 1));
  });
});
