import type { LightMyRequestResponse } from 'fastify';
import type { JoinRequestsResponse, OrgRole } from '../../src/contract/orgs';
import { holdDomainVerified } from '../helpers/domain-claims';
import { API, TEST_PASSWORD, authHeaders, login, registerOwner, uniqueEmail, type RegisteredOwner, type SignedIn, type TestApp } from '../helpers/server';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One authenticated call to the API. */
export function call(t: TestApp, method: Method, path: string, token: string, payload?: object): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url: `${API}${path}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });
}

/** A new organisation on its own domain, so join requests by domain land in it. */
export function newOrganisation(t: TestApp, orgName = 'Acme Marketing', ownerName = 'Ada Owner'): Promise<RegisteredOwner> {
  const domain = `org-${Math.random().toString(36).slice(2, 10)}.example.com`;
  return registerOwner(t.app, { email: `owner@${domain}`, org_name: orgName, name: ownerName });
}

export const domainOf = (owner: RegisteredOwner): string => owner.email.split('@')[1] ?? '';

/**
 * Files a join request for the owner's domain through the public registration flow, after
 * letting the organisation hold its domain verified (joining by domain needs a verified claim).
 */
export async function requestToJoin(t: TestApp, owner: RegisteredOwner, name: string): Promise<string> {
  await holdDomainVerified(t.database, owner.user.org_id!, domainOf(owner));
  const email = uniqueEmail(domainOf(owner));
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/register/with-domain`,
    payload: { email, password: TEST_PASSWORD, name, choice: 'join_existing' },
  });
  if (response.statusCode !== 202) throw new Error(`join request failed: ${response.statusCode} ${response.body}`);
  return email;
}

/**
 * Adds a person the way an owner does it in the product: their join request is approved through
 * the API and, for another role than member, their role changed through the API. Then they sign in.
 */
export async function addPerson(t: TestApp, owner: RegisteredOwner, name: string, role: OrgRole = 'org_member'): Promise<SignedIn> {
  const email = await requestToJoin(t, owner, name);
  const pending = (await call(t, 'GET', '/orgs/join-requests', owner.access_token)).json<JoinRequestsResponse>();
  const request = pending.join_requests.find((candidate) => candidate.email === email);
  if (!request) throw new Error('join request not listed');
  const approved = await call(t, 'PUT', `/orgs/join-requests/${request.id}/approve`, owner.access_token);
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
  const person = await login(t.app, email);
  if (role === 'org_member') return person;
  const changed = await call(t, 'PUT', `/orgs/members/${person.user.id}/role`, owner.access_token, { role });
  if (changed.statusCode !== 200) throw new Error(`role change failed: ${changed.statusCode} ${changed.body}`);
  return login(t.app, email);
}
