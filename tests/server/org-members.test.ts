import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrgMember, OrgMembersResponse } from '../../src/contract/orgs';
import { API, authHeaders, type RegisteredOwner, type SignedIn } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';
import { addPerson, call, newOrganisation } from './org-helpers';

const FORBIDDEN_MEMBERS = { detail: 'Only organisation owners and admins can manage members', code: 'FORBIDDEN' };

describe('organisation members: GET /orgs/members, PUT /orgs/members/{id}/role, DELETE /orgs/members/{id}', () => {
  const t = appForSuite();

  const members = async (token: string) => (await call(t, 'GET', '/orgs/members', token)).json<OrgMembersResponse>().members;
  const roleOf = async (owner: RegisteredOwner, id: string) => (await members(owner.access_token)).find((m) => m.id === id)?.role;
  const changeRole = (token: string, id: string, role: string) => call(t, 'PUT', `/orgs/members/${id}/role`, token, { role });
  const remove = (token: string, id: string) => call(t, 'DELETE', `/orgs/members/${id}`, token);

  interface Team {
    owner: RegisteredOwner;
    admin: SignedIn;
    member: SignedIn;
  }
  const newTeam = async (): Promise<Team> => {
    const owner = await newOrganisation(t, 'Team Org', 'Olga Owner');
    const admin = await addPerson(t, owner, 'Adam Admin', 'org_admin');
    const member = await addPerson(t, owner, 'Mia Member');
    return { owner, admin, member };
  };

  it('every organisation route is in the OpenAPI document, with its request schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/openapi.json` })).json();
    const expected = {
      '/api/v1/orgs/members': ['get'],
      '/api/v1/orgs/members/{id}/role': ['put'],
      '/api/v1/orgs/members/{id}': ['delete'],
      '/api/v1/orgs/invites': ['get', 'post'],
      '/api/v1/orgs/invites/{id}': ['delete'],
      '/api/v1/orgs/join-requests': ['get'],
      '/api/v1/orgs/join-requests/{id}/approve': ['put'],
      '/api/v1/orgs/join-requests/{id}/deny': ['put'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods);
    }
    const inviteBody = doc.paths['/api/v1/orgs/invites'].post.requestBody.content['application/json'].schema;
    // Listed as the invite dialog offers them: Member first.
    expect(inviteBody.properties.role.enum).toEqual(['org_member', 'org_admin']);
  });

  describe('listing', () => {
    it('lists owners first, then admins, then members, each by name, with the wire fields', async () => {
      const owner = await newOrganisation(t, 'Order Org', 'Zoe Owner');
      await addPerson(t, owner, 'bob Member');
      await addPerson(t, owner, 'Yann Admin', 'org_admin');
      await addPerson(t, owner, 'Anna Member');
      await addPerson(t, owner, 'Carl Admin', 'org_admin');
      const listed = await members(owner.access_token);
      expect(listed.map((m) => [m.name, m.role])).toEqual([
        ['Zoe Owner', 'org_owner'],
        ['Carl Admin', 'org_admin'],
        ['Yann Admin', 'org_admin'],
        ['Anna Member', 'org_member'],
        ['bob Member', 'org_member'],
      ]);
      const first = listed[0] as OrgMember;
      expect(first).toEqual({ id: owner.user.id, email: owner.email, name: 'Zoe Owner', role: 'org_owner', joined_at: expect.any(String) });
      expect(Object.keys(first).sort()).toEqual(['email', 'id', 'joined_at', 'name', 'role']);
      expect(Number.isNaN(Date.parse(first.joined_at))).toBe(false);
    });

    it('needs a signed-in caller', async () => {
      const response = await t.app.inject({ method: 'GET', url: `${API}/orgs/members` });
      expect(response.statusCode).toBe(401);
    });

    it('never shows another organisation’s people', async () => {
      const a = await newTeam();
      const b = await newTeam();
      const listedByA = (await members(a.owner.access_token)).map((m) => m.id);
      expect(listedByA.sort()).toEqual([a.owner.user.id, a.admin.user.id, a.member.user.id].sort());
      expect(listedByA).not.toContain(b.member.user.id);
    });
  });

  describe('role matrix', () => {
    const actors = ['owner', 'admin', 'member'] as const;

    it.each(actors)('%s: list, change a member’s role, remove a member', async (actor) => {
      const team = await newTeam();
      const target = await addPerson(t, team.owner, 'Tess Target');
      const victim = await addPerson(t, team.owner, 'Vic Victim');
      const token = team[actor].access_token;
      const listed = await call(t, 'GET', '/orgs/members', token);
      const changed = await changeRole(token, target.user.id, 'org_admin');
      const removed = await remove(token, victim.user.id);
      if (actor === 'member') {
        for (const response of [listed, changed, removed]) {
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual(FORBIDDEN_MEMBERS);
        }
        expect(await roleOf(team.owner, target.user.id)).toBe('org_member');
        expect(await roleOf(team.owner, victim.user.id)).toBe('org_member');
      } else {
        expect(listed.statusCode).toBe(200);
        expect(changed.statusCode).toBe(200);
        expect(changed.json()).toMatchObject({ id: target.user.id, role: 'org_admin', name: 'Tess Target' });
        expect(removed.statusCode).toBe(204);
        expect(removed.body).toBe('');
        expect(await roleOf(team.owner, target.user.id)).toBe('org_admin');
        expect(await roleOf(team.owner, victim.user.id)).toBeUndefined();
      }
    });

    it('an admin may neither make nor unmake an owner, nor remove one; nothing changes', async () => {
      const team = await newTeam();
      const promote = await changeRole(team.admin.access_token, team.member.user.id, 'org_owner');
      const demote = await changeRole(team.admin.access_token, team.owner.user.id, 'org_member');
      const removeOwner = await remove(team.admin.access_token, team.owner.user.id);
      expect([promote.statusCode, demote.statusCode, removeOwner.statusCode]).toEqual([403, 403, 403]);
      expect(promote.json().detail).toBe('Only an organisation owner can give, take away or change the owner role');
      expect(demote.json().detail).toBe('Only an organisation owner can give, take away or change the owner role');
      expect(removeOwner.json().detail).toBe('Only an organisation owner can remove an owner');
      expect(await roleOf(team.owner, team.member.user.id)).toBe('org_member');
      expect(await roleOf(team.owner, team.owner.user.id)).toBe('org_owner');
    });

    it('an owner may make another owner, then demote or remove that owner', async () => {
      const team = await newTeam();
      const promoted = await changeRole(team.owner.access_token, team.admin.user.id, 'org_owner');
      expect(promoted.json()).toMatchObject({ role: 'org_owner' });
      const demoted = await changeRole(team.owner.access_token, team.admin.user.id, 'org_admin');
      expect(demoted.json()).toMatchObject({ role: 'org_admin' });
      await changeRole(team.owner.access_token, team.admin.user.id, 'org_owner');
      expect((await remove(team.owner.access_token, team.admin.user.id)).statusCode).toBe(204);
      expect((await members(team.owner.access_token)).filter((m) => m.role === 'org_owner')).toHaveLength(1);
    });

    it('422 for a role that is not an organisation role, and nothing changes', async () => {
      const team = await newTeam();
      for (const role of ['system_admin', 'boss', 42]) {
        const response = await call(t, 'PUT', `/orgs/members/${team.member.user.id}/role`, team.owner.access_token, { role });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'role' }] });
      }
      expect(await roleOf(team.owner, team.member.user.id)).toBe('org_member');
    });
  });

  describe('self and last-owner protection', () => {
    it('nobody changes their own role or removes themselves', async () => {
      const team = await newTeam();
      for (const person of [team.owner, team.admin]) {
        const changed = await changeRole(person.access_token, person.user.id, 'org_member');
        expect(changed.statusCode).toBe(403);
        expect(changed.json().detail).toBe('You cannot change your own role');
        const removed = await remove(person.access_token, person.user.id);
        expect(removed.statusCode).toBe(403);
        expect(removed.json().detail).toBe('You cannot remove yourself from the organisation');
      }
      expect(await roleOf(team.owner, team.owner.user.id)).toBe('org_owner');
      expect(await roleOf(team.owner, team.admin.user.id)).toBe('org_admin');
    });

    it('two owners demoting or removing each other at once still leave one owner', async () => {
      const team = await newTeam();
      await changeRole(team.owner.access_token, team.admin.user.id, 'org_owner');
      const [a, b] = await Promise.all([
        changeRole(team.owner.access_token, team.admin.user.id, 'org_member'),
        remove(team.admin.access_token, team.owner.user.id),
      ]);
      expect([a.statusCode, b.statusCode].filter((status) => status < 300)).toHaveLength(1);
      const survivor = a.statusCode === 200 ? team.owner : team.admin;
      expect((await members(survivor.access_token)).filter((m) => m.role === 'org_owner')).toHaveLength(1);
    });
  });

  describe('scope', () => {
    it('answers 404 "Member not found" for unknown, malformed and other organisations’ ids, changing nothing', async () => {
      const a = await newTeam();
      const b = await newTeam();
      for (const id of [randomUUID(), 'not-a-uuid', b.member.user.id, b.owner.user.id]) {
        for (const response of [await changeRole(a.owner.access_token, id, 'org_admin'), await remove(a.owner.access_token, id)]) {
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ detail: 'Member not found', code: 'NOT_FOUND' });
        }
      }
      expect(await roleOf(b.owner, b.member.user.id)).toBe('org_member');
      expect(await roleOf(b.owner, b.owner.user.id)).toBe('org_owner');
    });
  });

  describe('effect on the person', () => {
    it('a demoted admin loses management at their very next request, and /me and refreshed tokens say so', async () => {
      const team = await newTeam();
      expect((await call(t, 'GET', '/orgs/members', team.admin.access_token)).statusCode).toBe(200);
      await changeRole(team.owner.access_token, team.admin.user.id, 'org_member');
      const sameToken = await call(t, 'GET', '/orgs/members', team.admin.access_token);
      expect(sameToken.statusCode).toBe(403);
      expect((await call(t, 'GET', '/me', team.admin.access_token)).json().role).toBe('org_member');
      const refreshed = await t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: team.admin.refresh_token } });
      expect(refreshed.statusCode).toBe(200);
      const createSpace = await call(t, 'POST', '/spaces/', refreshed.json().access_token, { name: 'X', slug: 'x' });
      expect(createSpace.statusCode).toBe(403);
    });

    it('a demotion counts everywhere at once: the token the admin already holds can no longer create a space', async () => {
      const team = await newTeam();
      await changeRole(team.owner.access_token, team.admin.user.id, 'org_member');
      const createSpace = await call(t, 'POST', '/spaces/', team.admin.access_token, { name: 'Launch', slug: 'launch' });
      expect(createSpace.statusCode).toBe(403);
    });

    it('a removed person’s unexpired token is refused by every area, not only organisation management', async () => {
      const team = await newTeam();
      expect((await remove(team.owner.access_token, team.member.user.id)).statusCode).toBe(204);
      const spaces = await call(t, 'GET', '/spaces/', team.member.access_token);
      expect(spaces.statusCode).toBe(401);
      const plan = await t.app.inject({ method: 'GET', url: `${API}/billing/plan`, headers: authHeaders(team.member.access_token, team.owner.defaultSpace.id) });
      expect(plan.statusCode).toBe(401);
    });

    it('a promoted member may manage at their very next request, with the token they already hold', async () => {
      const team = await newTeam();
      expect((await call(t, 'GET', '/orgs/members', team.member.access_token)).statusCode).toBe(403);
      await changeRole(team.owner.access_token, team.member.user.id, 'org_admin');
      expect((await call(t, 'GET', '/orgs/members', team.member.access_token)).statusCode).toBe(200);
    });

    it('a removed person cannot sign in, refresh or call the API; what they wrote stays; the address can be invited again', async () => {
      const team = await newTeam();
      const space = team.owner.defaultSpace.id;
      const wrote = await t.app.inject({
        method: 'PUT',
        url: `${API}/settings/brand-voice`,
        headers: authHeaders(team.admin.access_token, space),
        payload: { content: 'Warm, plain and short.' },
      });
      expect(wrote.statusCode).toBe(200);

      expect((await remove(team.owner.access_token, team.admin.user.id)).statusCode).toBe(204);

      const signIn = await t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email: team.admin.email, password: team.admin.password } });
      expect(signIn.statusCode).toBe(401);
      const refresh = await t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: team.admin.refresh_token } });
      expect(refresh.statusCode).toBe(401);
      expect((await call(t, 'GET', '/me', team.admin.access_token)).statusCode).toBe(401);
      expect((await call(t, 'GET', '/orgs/members', team.admin.access_token)).statusCode).toBe(401);

      const voice = await t.app.inject({ method: 'GET', url: `${API}/settings/brand-voice`, headers: authHeaders(team.owner.access_token, space) });
      expect(voice.json()).toMatchObject({ content: 'Warm, plain and short.', createdBy: null });

      const invited = await call(t, 'POST', '/orgs/invites', team.owner.access_token, { email: team.admin.email, role: 'org_member' });
      expect(invited.statusCode).toBe(201);
    });
  });
});
