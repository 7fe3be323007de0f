import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { JoinRequest, JoinRequestsResponse } from '../../src/contract/orgs';
import { API, TEST_PASSWORD, type RegisteredOwner } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';
import { addPerson, call, newOrganisation, requestToJoin } from './org-helpers';

describe('join requests: GET /orgs/join-requests, PUT /orgs/join-requests/{id}/approve and …/deny', () => {
  const t = appForSuite();

  const pendingOf = async (owner: RegisteredOwner) =>
    (await call(t, 'GET', '/orgs/join-requests', owner.access_token)).json<JoinRequestsResponse>().join_requests;
  const decide = (token: string, id: string, decision: 'approve' | 'deny') => call(t, 'PUT', `/orgs/join-requests/${id}/${decision}`, token);
  const signIn = (email: string) => t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email, password: TEST_PASSWORD } });
  const requestFor = async (owner: RegisteredOwner, email: string) => {
    const found = (await pendingOf(owner)).find((r) => r.email === email);
    if (!found) throw new Error(`no pending request for ${email}`);
    return found;
  };

  it('lists pending requests oldest first, with the wire fields, only of the caller’s organisation', async () => {
    const owner = await newOrganisation(t);
    const other = await newOrganisation(t);
    const first = await requestToJoin(t, owner, 'First Comer');
    const second = await requestToJoin(t, owner, 'Second Comer');
    const third = await requestToJoin(t, owner, 'Third Comer');
    await requestToJoin(t, other, 'Elsewhere');
    const listed = await pendingOf(owner);
    expect(listed.map((r) => r.email)).toEqual([first, second, third]);
    expect(listed[0]).toEqual({
      id: expect.any(String),
      email: first,
      name: 'First Comer',
      status: 'pending',
      created_at: expect.any(String),
      decided_at: null,
    });
  });

  it('approve: the request is approved and the person can sign in as a member; deciding again → 409', async () => {
    const owner = await newOrganisation(t);
    const email = await requestToJoin(t, owner, 'Paula Pending');
    // Still waiting: the right password is told so (403 JOIN_REQUEST_PENDING), and gets no session.
    expect((await signIn(email)).json().code).toBe('JOIN_REQUEST_PENDING');
    const request = await requestFor(owner, email);

    const approved = await decide(owner.access_token, request.id, 'approve');
    expect(approved.statusCode).toBe(200);
    const body = approved.json<JoinRequest>();
    expect(body).toMatchObject({ id: request.id, email, status: 'approved' });
    expect(Number.isNaN(Date.parse(body.decided_at ?? ''))).toBe(false);
    expect(Object.keys(body).sort()).toEqual(['created_at', 'decided_at', 'email', 'id', 'name', 'status']);

    const session = await signIn(email);
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ role: 'org_member', org_id: owner.user.org_id });
    expect(await pendingOf(owner)).toEqual([]);

    for (const decision of ['approve', 'deny'] as const) {
      const again = await decide(owner.access_token, request.id, decision);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('Only pending join requests can be decided');
    }
  });

  it('deny: the request is denied and the person cannot sign in', async () => {
    const owner = await newOrganisation(t);
    const admin = await addPerson(t, owner, 'Adam Admin', 'org_admin');
    const email = await requestToJoin(t, owner, 'Dora Denied');
    const request = await requestFor(owner, email);
    const denied = await decide(admin.access_token, request.id, 'deny');
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toMatchObject({ id: request.id, status: 'denied', decided_at: expect.any(String) });
    const signInAttempt = await signIn(email);
    expect(signInAttempt.statusCode).toBe(401);
    expect(signInAttempt.json().detail).toBe('Incorrect email or password');
  });

  it('members get 403 for listing and deciding; the request stays pending', async () => {
    const owner = await newOrganisation(t);
    const member = await addPerson(t, owner, 'Mia Member');
    const email = await requestToJoin(t, owner, 'Walt Waiting');
    const request = await requestFor(owner, email);
    for (const response of [
      await call(t, 'GET', '/orgs/join-requests', member.access_token),
      await decide(member.access_token, request.id, 'approve'),
      await decide(member.access_token, request.id, 'deny'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('Only organisation owners and admins can manage members');
    }
    expect((await requestFor(owner, email)).status).toBe('pending');
    expect((await signIn(email)).json().code).toBe('JOIN_REQUEST_PENDING');
  });

  it('404 for another organisation’s, unknown and malformed ids; the request stays pending', async () => {
    const owner = await newOrganisation(t);
    const other = await newOrganisation(t);
    const email = await requestToJoin(t, owner, 'Kept Pending');
    const request = await requestFor(owner, email);
    for (const id of [request.id, randomUUID(), 'not-a-uuid']) {
      for (const decision of ['approve', 'deny'] as const) {
        const response = await decide(other.access_token, id, decision);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Join request not found', code: 'NOT_FOUND' });
      }
    }
    expect((await requestFor(owner, email)).status).toBe('pending');
  });
});
