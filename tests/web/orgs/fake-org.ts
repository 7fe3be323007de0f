/**
 * An in-memory organisation behind the fake API: members, pending invites and join requests,
 * answering the org admin routes with the wire types the server serialises.
 */
import type { FakeApi } from '../app/support/fake-api';
import {
  INVITE_TTL_DAYS,
  JOIN_REQUESTS_PAGE_DEFAULT,
  ORG_MEMBERS_PAGE_DEFAULT,
  type InviteDelivery,
  type InviteInput,
  type JoinRequest,
  type JoinRequestsResponse,
  type OrgInvite,
  type OrgMember,
  type OrgMembersResponse,
  type OrgRole,
  type SentInvite,
} from '../../../src/contract/orgs';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

export function member(id: string, name: string, role: OrgRole, extra: Partial<OrgMember> = {}): OrgMember {
  return { id, name, email: `${name.split(' ')[0]!.toLowerCase()}@acme.test`, role, joined_at: '2026-03-04T10:00:00.000Z', ...extra };
}

export function joinRequest(id: string, name: string, email: string, hoursAgo = 2): JoinRequest {
  return { id, name, email, status: 'pending', created_at: iso(hoursAgo * 60 * 60 * 1000), decided_at: null };
}

export function invite(id: string, email: string, role: OrgInvite['role'] = 'org_member'): OrgInvite {
  return {
    id,
    email,
    role,
    status: 'pending',
    invited_by: 'Ada org_owner',
    created_at: iso(DAY_MS),
    expires_at: new Date(Date.now() + 13 * DAY_MS - 60_000).toISOString(),
  };
}

/** How many people of each role, as GET /orgs/members answers them. */
export function roleCounts(members: readonly OrgMember[]): OrgMembersResponse['role_counts'] {
  const counts = { org_owner: 0, org_admin: 0, org_member: 0 };
  for (const person of members) counts[person.role] += 1;
  return counts;
}

export interface FakeOrg {
  members: OrgMember[];
  /** People a page of GET /orgs/members holds (the server's default is larger than any seed here). */
  membersPageSize: number;
  /** Requests a page of GET /orgs/join-requests holds. */
  joinRequestsPageSize: number;
  /** GET /orgs/members answers 503 while set. */
  membersDown: boolean;
  invites: OrgInvite[];
  joinRequests: JoinRequest[];
  /** How the next invite's email goes (the server's answer to POST /orgs/invites). */
  delivery: InviteDelivery;
}

/** The link the fake server hands out for an invite. */
export const fakeInviteLink = (id: string) => `http://localhost/register?invite=secret-of-${id}`;

/** The signed-in user of `signInAs(api, role)` is 'u-{role}', listed here as a member. */
export function serveOrg(api: FakeApi, seed: Partial<Omit<FakeOrg, 'membersDown'>> & { actorRole?: OrgRole } = {}): FakeOrg {
  const actorRole = seed.actorRole ?? 'org_owner';
  const org: FakeOrg = {
    members: seed.members ?? [
      member(`u-${actorRole}`, `Ada ${actorRole}`, actorRole, { email: `${actorRole.replace('_', '.')}@acme.test` }),
      ...(actorRole === 'org_owner' ? [] : [member('m-owner', 'Olive Owner', 'org_owner')]),
      member('m-bob', 'Bob Stone', 'org_member'),
      member('m-cara', 'Cara Diaz', 'org_admin'),
    ],
    invites: seed.invites ?? [invite('i-1', 'dan@acme.test', 'org_admin')],
    joinRequests: seed.joinRequests ?? [joinRequest('jr-1', 'Eve Park', 'eve@acme.test')],
    delivery: seed.delivery ?? 'emailed',
    membersPageSize: seed.membersPageSize ?? ORG_MEMBERS_PAGE_DEFAULT,
    membersDown: false,
    joinRequestsPageSize: seed.joinRequestsPageSize ?? JOIN_REQUESTS_PAGE_DEFAULT,
  };

  // Pages as the server does: the cursor is the last listed person's id, role_counts the whole list's.
  api.on('GET /orgs/members', (call) => {
    if (org.membersDown) return { status: 503, body: { detail: 'Database unavailable' } };
    const after = call.query.get('cursor');
    const start = after ? org.members.findIndex((m) => m.id === after) + 1 : 0;
    const page = org.members.slice(start, start + org.membersPageSize);
    const more = start + page.length < org.members.length;
    const body: OrgMembersResponse = { members: page, next_cursor: more ? page.at(-1)!.id : null, role_counts: roleCounts(org.members) };
    return { status: 200, body };
  });
  api.on('GET /orgs/invites', () => ({ status: 200, body: { invites: org.invites } }));
  api.on('GET /orgs/join-requests', (call) => {
    const after = call.query.get('cursor');
    const start = after ? org.joinRequests.findIndex((r) => r.id === after) + 1 : 0;
    const page = org.joinRequests.slice(start, start + org.joinRequestsPageSize);
    const more = start + page.length < org.joinRequests.length;
    const body: JoinRequestsResponse = { join_requests: page, next_cursor: more ? page.at(-1)!.id : null, pending_count: org.joinRequests.length };
    return { status: 200, body };
  });

  for (const person of org.members) {
    api.on(`PUT /orgs/members/${person.id}/role`, (call) => {
      const target = org.members.find((m) => m.id === person.id);
      if (!target) return { status: 404, body: { detail: 'Member not found' } };
      target.role = (call.body as { role: OrgRole }).role;
      return { status: 200, body: target };
    });
    api.on(`DELETE /orgs/members/${person.id}`, () => {
      org.members = org.members.filter((m) => m.id !== person.id);
      return { status: 204 };
    });
  }

  api.on('POST /orgs/invites', (call) => {
    const input = call.body as InviteInput;
    const now = Date.now();
    const created = {
      ...invite(`i-${org.invites.length + 1}`, input.email, input.role),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + INVITE_TTL_DAYS * DAY_MS).toISOString(),
    };
    org.invites = [created, ...org.invites];
    const sent: SentInvite = { ...created, delivery: org.delivery, invite_link: fakeInviteLink(created.id) };
    return { status: 201, body: sent };
  });
  for (const sent of org.invites) {
    api.on(`DELETE /orgs/invites/${sent.id}`, () => {
      org.invites = org.invites.filter((i) => i.id !== sent.id);
      return { status: 204 };
    });
  }

  for (const request of org.joinRequests) {
    api.on(`PUT /orgs/join-requests/${request.id}/approve`, () => {
      org.joinRequests = org.joinRequests.filter((r) => r.id !== request.id);
      org.members = [...org.members, member(`m-${request.id}`, request.name, 'org_member', { email: request.email })];
      return { status: 200, body: { ...request, status: 'approved', decided_at: new Date().toISOString() } };
    });
    api.on(`PUT /orgs/join-requests/${request.id}/deny`, () => {
      org.joinRequests = org.joinRequests.filter((r) => r.id !== request.id);
      return { status: 200, body: { ...request, status: 'denied', decided_at: new Date().toISOString() } };
    });
  }
  return org;
}
