import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Organization } from '../../src/contract/organization';
import { auditEvents } from '../../server/src/db/schema/index';
import { signInWithRole } from '../helpers/server';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { addPerson, call, newOrganisation } from './org-helpers';

describe('organisation settings (GET and PUT /settings/org)', () => {
  const t = appForSuite();
  const owner = preparedForSuite(() => newOrganisation(t, 'Acme Marketing'));
  const admin = preparedForSuite(() => addPerson(t, owner, 'Ann Admin', 'org_admin'));
  const member = preparedForSuite(() => addPerson(t, owner, 'Mo Member'));
  const other = preparedForSuite(() => newOrganisation(t, 'Other Org'));

  const read = (token: string) => call(t, 'GET', '/settings/org', token);
  const write = (token: string, body: object) => call(t, 'PUT', '/settings/org', token, body);

  it('shows every role of the organisation its name, with no properties yet', async () => {
    for (const person of [owner, admin, member]) {
      const response = await read(person.access_token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: owner.user.org_id, name: 'Acme Marketing', properties: [] });
    }
  });

  it('lets the owner rename the organisation and set properties with one default', async () => {
    const response = await write(owner.access_token, {
      name: '  Acme Growth  ',
      properties: [
        { name: 'acme.com', isDefault: false },
        { name: ' Acme Shop ', isDefault: true },
      ],
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<Organization>();
    expect(saved.name).toBe('Acme Growth');
    expect(saved.properties.map(({ name, isDefault }) => ({ name, isDefault }))).toEqual([
      { name: 'acme.com', isDefault: false },
      { name: 'Acme Shop', isDefault: true },
    ]);
    // Everyone sees the change; a renamed property keeps its id.
    expect((await read(member.access_token)).json()).toEqual(saved);
    const [site, shop] = saved.properties;
    const renamed = await write(owner.access_token, {
      name: 'Acme Growth',
      properties: [
        { id: site!.id, name: 'www.acme.com', isDefault: true },
        { id: shop!.id, name: 'Acme Shop', isDefault: false },
      ],
    });
    expect(renamed.json<Organization>().properties.map((property) => property.id)).toEqual([site!.id, shop!.id]);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'org.updated'));
    expect(audit[0]).toMatchObject({ actorUserId: owner.user.id, orgId: owner.user.org_id });
    expect(audit[0]!.details).toMatchObject({ previousName: 'Acme Marketing', name: 'Acme Growth' });
  });

  it('refuses admins and members, changing nothing', async () => {
    const before = (await read(owner.access_token)).json();
    for (const person of [admin, member]) {
      const response = await write(person.access_token, { name: 'Hijacked', properties: [] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Only organisation owners can change the organisation settings', code: 'FORBIDDEN' });
    }
    expect((await read(owner.access_token)).json()).toEqual(before);
  });

  it("keeps to the caller's own organisation", async () => {
    expect((await read(other.access_token)).json()).toMatchObject({ id: other.user.org_id, name: 'Other Org' });
    await write(other.access_token, { name: 'Other Renamed', properties: [] });
    expect((await read(owner.access_token)).json().name).toBe('Acme Growth');
  });

  it('refuses platform admins, who belong to no organisation', async () => {
    const promoted = await newOrganisation(t, 'Soon gone', 'Sys');
    const platformAdmin = await signInWithRole(t.app, t.database, promoted.email, 'system_admin');
    expect((await read(platformAdmin.access_token)).statusCode).toBe(403);
    expect((await write(platformAdmin.access_token, { name: 'X', properties: [] })).statusCode).toBe(403);
  });

  it('names each problem of a bad edit and keeps what was saved', async () => {
    const before = (await read(owner.access_token)).json();
    const cases: Array<[object, string, string]> = [
      [{ name: '   ', properties: [] }, 'name', 'Organisation name is required'],
      [{ name: 'x'.repeat(101), properties: [] }, 'name', 'Organisation name must be at most 100 characters'],
      [{ name: 'Acme', properties: [{ name: 'A', isDefault: false }] }, 'properties', 'Mark one property as the default'],
      [
        { name: 'Acme', properties: [{ name: 'A', isDefault: true }, { name: 'B', isDefault: true }] },
        'properties',
        'Only one property can be the default',
      ],
      [
        { name: 'Acme', properties: [{ name: 'Shop', isDefault: true }, { name: 'shop', isDefault: false }] },
        'properties.1.name',
        'There are two properties called "shop": give each its own name',
      ],
      [{ name: 'Acme', properties: [{ name: ' ', isDefault: true }] }, 'properties.0.name', 'Every property needs a name'],
    ];
    for (const [body, field, message] of cases) {
      const response = await write(owner.access_token, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toContainEqual({ field, message });
    }
    expect((await read(owner.access_token)).json()).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/settings/org' });
    expect(response.statusCode).toBe(401);
  });
});
