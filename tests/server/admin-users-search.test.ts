/**
 * The admin Users search a page at a time: matches by name or email (any case), newest first with
 * ties in id order, every page carrying the total of all matches — also a page past the last one —
 * and the filters narrowing the matches and their total together. The match is read from the
 * account's stored search text, which follows a change of name or address.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminUserPage } from '../../src/contract/admin';
import { users } from '../../server/src/db/schema/index';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { newOrganisation } from './org-helpers';
import { adminCall, signInPlatformAdmin } from './admin-helpers';

type Seeded = { id: string; createdAt: Date };

/** Newest first, then by id: the list's order (uuids compare as their lowercase text does). */
const listOrder = (a: Seeded, b: Seeded) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1);

describe('admin: users search, paged', () => {
  const t = appForSuite();
  const support = preparedForSuite(() => signInPlatformAdmin(t, 'support_admin'));
  const search = async (query: string) => (await adminCall(t, 'GET', `/admin/users?${query}`, support.access_token)).json<AdminUserPage>();

  const people = preparedForSuite(async () => {
    const press = await newOrganisation(t, 'Quenby Press', 'Orla Owner');
    const other = await newOrganisation(t, 'Harbour Lights', 'Hal Owner');
    const pressId = press.user.org_id!;
    const otherId = other.user.org_id!;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));
    const rows = [
      { name: 'Ada Quenby', email: 'ada@press.example.com', orgId: pressId, createdAt: day(1) },
      { name: 'Ben QUENBY', email: 'ben@press.example.com', orgId: pressId, createdAt: day(2) },
      // Two created at the same moment: the id decides which comes first.
      { name: 'Cy Quenby', email: 'cy@press.example.com', orgId: pressId, createdAt: day(3) },
      { name: 'Di Quenby', email: 'di@press.example.com', orgId: pressId, createdAt: day(3), disabled: true },
      { name: 'Ed Quenby', email: 'ed@harbour.example.com', orgId: otherId, createdAt: day(4), role: 'org_admin' as const },
      // Matched by the email alone.
      { name: 'Flo Marsh', email: 'flo.quenby@press.example.com', orgId: pressId, createdAt: day(5) },
      { name: 'Gus Fenn', email: 'GUS.QUENBY@harbour.example.com', orgId: otherId, createdAt: day(6) },
      // Not a match.
      { name: 'Hattie Quill', email: 'hattie@press.example.com', orgId: pressId, createdAt: day(7) },
    ];
    const inserted = await t.database.db
      .insert(users)
      .values(rows.map((row) => ({ role: 'org_member' as const, passwordHash: 'not-used', ...row })))
      .returning({ id: users.id, name: users.name, createdAt: users.createdAt, orgId: users.orgId, disabled: users.disabled, role: users.role });
    const matches = inserted.filter((row) => row.name !== 'Hattie Quill').sort(listOrder);
    return { matches, pressId, otherId };
  });

  it('pages through every match by name or email, newest first, each page with the total of all matches', async () => {
    const { matches, pressId } = people;
    const pages = [await search('q=quenby&limit=3'), await search('q=quenby&limit=3&offset=3'), await search('q=quenby&limit=3&offset=6')];
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7]);
    expect(pages.map((page) => page.users.length)).toEqual([3, 3, 1]);
    const listed = pages.flatMap((page) => page.users);
    expect(listed.map((user) => user.id)).toEqual(matches.map((match) => match.id));

    const ada = listed.find((user) => user.name === 'Ada Quenby');
    expect(ada).toMatchObject({ org_id: pressId, org_name: 'Quenby Press', status: 'active', role: 'org_member', last_active_at: null });
    expect(ada?.created_at).toBe('2026-01-01T09:00:00.000Z');
    expect(listed.find((user) => user.name === 'Di Quenby')?.status).toBe('suspended');
    expect(listed.find((user) => user.name === 'Gus Fenn')?.org_name).toBe('Harbour Lights');
  });

  it('a page past the last match is empty and still counts every match; no match counts none', async () => {
    expect(await search('q=quenby&limit=3&offset=20')).toEqual({ users: [], total: 7 });
    expect(await search('q=quenbyx')).toEqual({ users: [], total: 0 });
    expect(await search('q=quenbyx&offset=40')).toEqual({ users: [], total: 0 });
  });

  it('the organisation, role and status filters narrow the matches and their total together', async () => {
    const { matches, otherId } = people;
    const harbour = await search(`q=quenby&organization=${otherId}`);
    expect(harbour.total).toBe(2);
    expect(harbour.users.map((user) => user.id)).toEqual(matches.filter((match) => match.orgId === otherId).map((match) => match.id));

    const suspended = await search('q=quenby&status=suspended');
    expect(suspended.total).toBe(1);
    expect(suspended.users.map((user) => user.name)).toEqual(['Di Quenby']);

    const admins = await search('q=quenby&role=org_admin&limit=1');
    expect(admins).toMatchObject({ total: 1, users: [{ name: 'Ed Quenby', org_name: 'Harbour Lights' }] });
  });

  it('matches a part of the name or the address in any case, never text spanning the two, and follows a rename', async () => {
    const owner = await newOrganisation(t, 'Élan Vital', 'Zoë Ÿlva-Quist');
    const byAccentedName = await search(`q=${encodeURIComponent('ŸLVA-q')}`);
    expect(byAccentedName.users.map((user) => user.id)).toEqual([owner.user.id]);
    const [local, domain] = owner.email.split('@');
    expect((await search(`q=${encodeURIComponent(`${local}@${domain}`.toUpperCase())}`)).total).toBe(1);
    // The end of the name and the start of the address, across the line between them: no match.
    expect((await search(`q=${encodeURIComponent(`quist\n${local!.slice(0, 3)}`)}`)).total).toBe(0);
    expect((await search(`q=${encodeURIComponent(`quist ${local!.slice(0, 3)}`)}`)).total).toBe(0);

    await t.database.db.update(users).set({ name: 'Zoë Marchbanks', email: `zoe.renamed@${domain}` }).where(eq(users.id, owner.user.id));
    expect((await search('q=ylva')).total).toBe(0);
    expect((await search('q=MARCHBANKS')).users.map((user) => user.id)).toEqual([owner.user.id]);
    expect((await search('q=zoe.renamed')).users.map((user) => user.name)).toEqual(['Zoë Marchbanks']);
  });
});
