/**
 * The admin details hold bounded lists (docs/scale.md "Every list has a bound"): an organisation's
 * detail its first ADMIN_DETAIL_LIST_MAX spaces and members, with how many there are in all and the
 * Users list filtered by the organisation for everyone; an account's detail at most
 * ACCOUNT_SESSIONS_MAX devices.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SESSIONS_MAX } from '../../src/contract/account';
import { ADMIN_DETAIL_LIST_MAX, type AdminOrganizationDetail, type AdminUserDetail, type AdminUserPage } from '../../src/contract/admin';
import { spaces, users } from '../../server/src/db/schema/index';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { newOrganisation } from './org-helpers';
import { adminCall, signInPlatformAdmin } from './admin-helpers';

describe('admin details: bounded lists', () => {
  const t = appForSuite();
  const support = preparedForSuite(() => signInPlatformAdmin(t, 'support_admin'));

  it('an organisation shows its first spaces and members with the totals; Users lists all its people', async () => {
    const owner = await newOrganisation(t, 'Crowded Org', 'Olga Owner');
    const orgId = owner.user.org_id!;
    const domain = owner.email.split('@')[1];
    const extra = ADMIN_DETAIL_LIST_MAX + 5;
    await t.database.db.insert(users).values(
      Array.from({ length: extra }, (_, index) => ({ name: `Member ${String(index).padStart(2, '0')}`, role: 'org_member' as const, orgId, email: `m${index}@${domain}`, passwordHash: 'not-used' })),
    );
    await t.database.db.insert(spaces).values(Array.from({ length: extra }, (_, index) => ({ orgId, name: `Space ${String(index).padStart(2, '0')}`, slug: `space-${index}` })));

    const detail = (await adminCall(t, 'GET', `/admin/organizations/${orgId}`, support.access_token)).json<AdminOrganizationDetail>();
    expect(detail.member_list).toHaveLength(ADMIN_DETAIL_LIST_MAX);
    expect(detail.members).toBe(extra + 1);
    expect(detail.member_list[0]?.name).toBe('Olga Owner');
    expect(detail.space_list).toHaveLength(ADMIN_DETAIL_LIST_MAX);
    expect(detail.spaces).toBeGreaterThan(ADMIN_DETAIL_LIST_MAX);
    expect(detail.space_list[0]?.is_default).toBe(true);

    const seen = new Set<string>();
    for (let offset = 0; offset < extra + 1; offset += 20) {
      const page = (await adminCall(t, 'GET', `/admin/users?organization=${orgId}&limit=20&offset=${offset}`, support.access_token)).json<AdminUserPage>();
      expect(page.total).toBe(extra + 1);
      for (const person of page.users) {
        expect(person.org_id).toBe(orgId);
        seen.add(person.id);
      }
    }
    expect(seen.size).toBe(extra + 1);
    const nobody = (await adminCall(t, 'GET', '/admin/users?organization=not-an-id', support.access_token)).json<AdminUserPage>();
    expect(nobody).toEqual({ users: [], total: 0 });
  });

  it('an account shows at most ACCOUNT_SESSIONS_MAX devices', async () => {
    const owner = await newOrganisation(t, 'Devices Org');
    const detail = (await adminCall(t, 'GET', `/admin/users/${owner.user.id}`, support.access_token)).json<AdminUserDetail>();
    expect(detail.devices.length).toBeGreaterThan(0);
    expect(detail.devices.length).toBeLessThanOrEqual(ACCOUNT_SESSIONS_MAX);
  });
});
