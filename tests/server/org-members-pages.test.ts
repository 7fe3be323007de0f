/**
 * GET /orgs/members a page at a time (docs/scale.md "Every list has a bound"): the pages, read
 * one after the other through `next_cursor`, list everyone once in the screen's order (owners,
 * admins, members, each by name), and `role_counts` counts the whole organisation on every page.
 */
import { describe, expect, it } from 'vitest';
import { ORG_MEMBERS_PAGE_DEFAULT, ORG_MEMBERS_PAGE_MAX, type OrgMembersResponse } from '../../src/contract/orgs';
import { users } from '../../server/src/db/schema/index';
import { appForSuite } from '../helpers/suite-fixtures';
import { call, newOrganisation } from './org-helpers';

describe('GET /orgs/members pages', () => {
  const t = appForSuite();

  /** An organisation of its owner and seven more people, written straight to the table (no sign-ins needed). */
  async function organisationOfEight() {
    const owner = await newOrganisation(t, 'Paged Org', 'Olga Owner');
    const orgId = owner.user.org_id!;
    const domain = owner.email.split('@')[1];
    const people = [
      ['Zed Admin', 'org_admin'],
      ['amy Admin', 'org_admin'],
      ['Bea Member', 'org_member'],
      ['Cal Member', 'org_member'],
      ['Dee Member', 'org_member'],
      ['Eli Member', 'org_member'],
      ['Fay Member', 'org_member'],
    ] as const;
    await t.database.db.insert(users).values(
      people.map(([name, role]) => ({ name, role, orgId, email: `${name.split(' ')[0]!.toLowerCase()}@${domain}`, passwordHash: 'not-used' })),
    );
    return owner;
  }

  const page = async (token: string, query: string) => {
    const response = await call(t, 'GET', `/orgs/members${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OrgMembersResponse>();
  };

  it('reads everyone once, in order, a page at a time, and counts every role on each page', async () => {
    const owner = await organisationOfEight();
    const counts = { org_owner: 1, org_admin: 2, org_member: 5 };

    const first = await page(owner.access_token, '?limit=3');
    expect(first.members.map((m) => m.name)).toEqual(['Olga Owner', 'amy Admin', 'Zed Admin']);
    expect(first.role_counts).toEqual(counts);
    expect(first.next_cursor).toEqual(expect.any(String));

    const second = await page(owner.access_token, `?limit=3&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.members.map((m) => m.name)).toEqual(['Bea Member', 'Cal Member', 'Dee Member']);
    expect(second.role_counts).toEqual(counts);

    const last = await page(owner.access_token, `?limit=3&cursor=${encodeURIComponent(second.next_cursor!)}`);
    expect(last.members.map((m) => m.name)).toEqual(['Eli Member', 'Fay Member']);
    expect(last.next_cursor).toBeNull();

    // Without a limit, the default page holds everyone here, and says no page follows.
    const whole = await page(owner.access_token, '');
    expect(whole.members).toHaveLength(8);
    expect(whole.next_cursor).toBeNull();
    expect(ORG_MEMBERS_PAGE_DEFAULT).toBeGreaterThan(8);
  });

  it('a page ending exactly at the last person says no page follows', async () => {
    const owner = await organisationOfEight();
    const first = await page(owner.access_token, '?limit=4');
    const second = await page(owner.access_token, `?limit=4&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.members).toHaveLength(4);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses a page over the maximum, and a cursor that is not one of its own', async () => {
    const owner = await newOrganisation(t, 'Refusing Org');
    const tooMany = await call(t, 'GET', `/orgs/members?limit=${ORG_MEMBERS_PAGE_MAX + 1}`, owner.access_token);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual([{ field: 'limit', message: `Limit must be at most ${ORG_MEMBERS_PAGE_MAX}` }]);

    for (const cursor of ['garbage', Buffer.from('[0,"a","b","not-a-uuid"]').toString('base64url'), Buffer.from('{"x":1}').toString('base64url')]) {
      const refused = await call(t, 'GET', `/orgs/members?cursor=${cursor}`, owner.access_token);
      expect(refused.statusCode, cursor).toBe(422);
      expect(refused.json()).toEqual({ detail: 'This page link is out of date: open the first page again', code: 'VALIDATION_ERROR' });
    }
  });
});
