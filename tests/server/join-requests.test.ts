import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthClaims } from '../../server/src/services/access-tokens';
import {
  approveJoinRequest,
  createJoinRequest,
  denyJoinRequest,
  listJoinRequests,
} from '../../server/src/services/join-requests.service';
import { hashPassword } from '../../server/src/services/passwords';
import {
  API,
  TEST_PASSWORD,
  addMember,
  registerOwner,
  signInWithRole,
  uniqueEmail,
  type RegisteredOwner,
} from '../helpers/server';
import { holdDomainVerified } from '../helpers/domain-claims';
import { appForSuite } from '../helpers/suite-fixtures';

const claimsOf = (session: { user: { id: string; role: AuthClaims['role']; org_id: string | null } }): AuthClaims => ({
  userId: session.user.id,
  role: session.user.role,
  orgId: session.user.org_id,
});

describe('POST /register/with-domain and the join-request lifecycle', () => {
  const t = appForSuite();
  let owner: RegisteredOwner;
  let domain: string;

  beforeAll(async () => {
    domain = `join-${Date.now()}.example.net`;
    owner = await registerOwner(t.app, { email: `owner@${domain}`, org_name: 'Join Corp' });
    // Joining by domain needs the organisation to hold its domain verified (tests/server/domain-claims.test.ts).
    await holdDomainVerified(t.database, owner.user.org_id!, domain);
  });

  const withDomain = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/register/with-domain`, payload });
  const loginStatus = async (email: string) =>
    (await t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email, password: TEST_PASSWORD } })).statusCode;
  const joinPayload = (email: string) => ({ email, password: TEST_PASSWORD, name: 'Newcomer', choice: 'join_existing' });
  const pendingFor = async (email: string) =>
    (await listJoinRequests(t.database.db, owner.user.org_id!, 'pending')).find((request) => request.email === email);

  it('join_existing files a pending request: 202 with the message and no tokens', async () => {
    const email = `new-${Date.now()}@${domain}`;
    const response = await withDomain(joinPayload(email));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      message:
        'Your request to join Join Corp has been sent. An owner or admin must approve it before you can sign in.',
    });
    expect(await pendingFor(email)).toMatchObject({ status: 'pending', name: 'Newcomer' });
  });

  it('a pending requester cannot sign in; once approved they can, as org_member of that organisation', async () => {
    const email = uniqueEmail(domain);
    await withDomain(joinPayload(email));
    // The right password while the request waits: told so (403 JOIN_REQUEST_PENDING), not signed in.
    expect(await loginStatus(email)).toBe(403);

    const request = await pendingFor(email);
    const { user, request: decided } = await approveJoinRequest(t.database.db, request!.id, claimsOf(owner));
    expect(decided).toMatchObject({ status: 'approved', decided_by: owner.user.id });
    expect(decided.decided_at).toEqual(expect.any(String));
    expect(user).toMatchObject({ role: 'org_member', orgId: owner.user.org_id });

    const signIn = await t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email, password: TEST_PASSWORD } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ email, role: 'org_member', org_id: owner.user.org_id });
  });

  it('a denied requester never gets an account and may ask again', async () => {
    const email = uniqueEmail(domain);
    await withDomain(joinPayload(email));
    const denied = await denyJoinRequest(t.database.db, (await pendingFor(email))!.id, claimsOf(owner));
    expect(denied.status).toBe('denied');
    expect(await loginStatus(email)).toBe(401);
    expect((await withDomain(joinPayload(email))).statusCode).toBe(202);
  });

  // Same answer as a new request, so the form cannot tell which addresses are known (docs/server.md);
  // registration-privacy.test.ts checks the email that goes to the address instead.
  it('a second request for a pending email answers the same 202 and files nothing new', async () => {
    const email = uniqueEmail(domain);
    const first = await withDomain(joinPayload(email));
    expect(first.statusCode).toBe(202);
    const again = await withDomain({ ...joinPayload(email.toUpperCase()), name: 'Someone else' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect((await pendingFor(email))?.name).toBe('Newcomer');
  });

  it('an email that already has an account answers the same 202 and files no request', async () => {
    const response = await withDomain(joinPayload(owner.email));
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe('Your request to join Join Corp has been sent. An owner or admin must approve it before you can sign in.');
    expect(await pendingFor(owner.email)).toBeUndefined();
  });

  it("answers 404 when no organisation uses the email's domain, including public domains", async () => {
    for (const email of [uniqueEmail(), uniqueEmail('gmail.com')]) {
      const response = await withDomain(joinPayload(email));
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('No organisation found for this email domain');
    }
  });

  it('create_new registers a new organisation like /register (201 with tokens)', async () => {
    const email = uniqueEmail(domain);
    const response = await withDomain({ ...joinPayload(email), choice: 'create_new', org_name: 'Spin-off' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ email, role: 'org_owner' });
    expect(body.user.org_id).not.toBe(owner.user.org_id);
    expect(body.access_token).toEqual(expect.any(String));
  });

  it('create_new without org_name answers 422 on org_name; an unknown choice answers 422 on choice', async () => {
    const noOrg = await withDomain({ ...joinPayload(uniqueEmail(domain)), choice: 'create_new' });
    expect(noOrg.statusCode).toBe(422);
    expect(noOrg.json().errors).toContainEqual({ field: 'org_name', message: 'Organisation name is required' });
    const badChoice = await withDomain({ ...joinPayload(uniqueEmail(domain)), choice: 'merge' });
    expect(badChoice.statusCode).toBe(422);
    expect(badChoice.json().errors.map((e: { field: string }) => e.field)).toContain('choice');
  });

  describe('the service state machine', () => {
    const fileRequest = async () => {
      const email = uniqueEmail(domain);
      return createJoinRequest(t.database.db, {
        orgId: owner.user.org_id!,
        email,
        name: 'Direct',
        passwordHash: await hashPassword(TEST_PASSWORD),
      });
    };

    it('only pending requests can be decided', async () => {
      const approved = await fileRequest();
      await approveJoinRequest(t.database.db, approved.id, claimsOf(owner));
      await expect(approveJoinRequest(t.database.db, approved.id, claimsOf(owner))).rejects.toMatchObject({
        statusCode: 409,
        detail: 'Only pending join requests can be decided',
      });
      await expect(denyJoinRequest(t.database.db, approved.id, claimsOf(owner))).rejects.toMatchObject({ statusCode: 409 });

      const denied = await fileRequest();
      await denyJoinRequest(t.database.db, denied.id, claimsOf(owner));
      await expect(approveJoinRequest(t.database.db, denied.id, claimsOf(owner))).rejects.toMatchObject({ statusCode: 409 });
    });

    it('org admins may decide; members may not (403)', async () => {
      const admin = await addMember(t.app, t.database, owner, 'org_admin');
      const member = await addMember(t.app, t.database, owner, 'org_member');
      const request = await fileRequest();
      await expect(denyJoinRequest(t.database.db, request.id, claimsOf(member))).rejects.toMatchObject({
        statusCode: 403,
        detail: 'Only organisation owners and admins can decide join requests',
      });
      expect((await denyJoinRequest(t.database.db, request.id, claimsOf(admin))).status).toBe('denied');
    });

    it("another organisation's owner sees the request as not found", async () => {
      const stranger = await registerOwner(t.app);
      const request = await fileRequest();
      await expect(approveJoinRequest(t.database.db, request.id, claimsOf(stranger))).rejects.toMatchObject({
        statusCode: 404,
        detail: 'Join request not found',
      });
      expect((await pendingFor(request.email))?.status).toBe('pending');
    });

    it('approval fails with 409 if the email got an account in the meantime, and the request stays pending', async () => {
      const request = await fileRequest();
      await registerOwner(t.app, { email: request.email });
      await expect(approveJoinRequest(t.database.db, request.id, claimsOf(owner))).rejects.toMatchObject({ statusCode: 409 });
      expect((await pendingFor(request.email))?.status).toBe('pending');
    });

    it('a promoted admin keeps deciding after signing in again', async () => {
      const member = await addMember(t.app, t.database, owner, 'org_member');
      const promoted = await signInWithRole(t.app, t.database, member.email, 'org_admin');
      const request = await fileRequest();
      expect((await approveJoinRequest(t.database.db, request.id, claimsOf(promoted))).request.status).toBe('approved');
    });
  });
});
