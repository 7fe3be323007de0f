/**
 * Who may use the admin area, endpoint by endpoint, checked on the server: anonymous callers get
 * 401; organisation owners, admins and members 403 'Only platform admins can open the admin area';
 * support admins read (200) but every action answers 403 with why, changing nothing; system
 * admins read and act. GET /orgs/audit is the other way round: organisation owners only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/contract/admin';
import type { SignedIn } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';
import { addPerson, newOrganisation } from './org-helpers';
import { adminCall, signInPlatformAdmin } from './admin-helpers';

type Caller = 'anonymous' | 'org_member' | 'org_admin' | 'org_owner' | 'support_admin' | 'system_admin';
const CALLERS: Caller[] = ['anonymous', 'org_member', 'org_admin', 'org_owner', 'support_admin', 'system_admin'];

interface Endpoint {
  method: 'GET' | 'POST';
  path: (ids: Ids) => string;
  body?: object;
  acts: boolean;
}
interface Ids {
  userId: string;
  orgId: string;
  /** A domain claim awaiting review. */
  claimId: string;
}

const reason = { reason: 'Support ticket 4711' };
// In this order: a system admin's suspend is undone by reactivate before the reset link is sent.
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: () => '/admin/overview', acts: false },
  { method: 'GET', path: () => '/admin/security', acts: false },
  { method: 'GET', path: () => '/admin/audit', acts: false },
  { method: 'GET', path: () => '/admin/users?q=ada', acts: false },
  { method: 'GET', path: (ids) => `/admin/users/${ids.userId}`, acts: false },
  { method: 'GET', path: () => '/admin/organizations', acts: false },
  { method: 'GET', path: (ids) => `/admin/organizations/${ids.orgId}`, acts: false },
  { method: 'POST', path: (ids) => `/admin/users/${ids.userId}/suspend`, body: reason, acts: true },
  { method: 'POST', path: (ids) => `/admin/users/${ids.userId}/reactivate`, body: reason, acts: true },
  { method: 'POST', path: (ids) => `/admin/users/${ids.userId}/sign-out`, body: reason, acts: true },
  { method: 'POST', path: (ids) => `/admin/users/${ids.userId}/password-reset`, acts: true },
  { method: 'POST', path: (ids) => `/admin/organizations/${ids.orgId}/credits`, body: { amount: 100, reason: 'Goodwill for the outage' }, acts: true },
  { method: 'GET', path: () => '/admin/domain-claims', acts: false },
  { method: 'POST', path: (ids) => `/admin/domain-claims/${ids.claimId}/approve`, body: reason, acts: true },
];

function expected(caller: Caller, endpoint: Endpoint): { status: number; detail?: string } {
  if (caller === 'anonymous') return { status: 401, detail: 'Not authenticated' };
  if (caller === 'org_member' || caller === 'org_admin' || caller === 'org_owner') return { status: 403, detail: ADMIN_TEXTS.adminsOnly };
  if (caller === 'support_admin' && endpoint.acts) return { status: 403, detail: ADMIN_TEXTS.readOnly };
  return { status: 200 };
}

describe('admin area: role × endpoint', () => {
  const t = appForSuite();
  let tokens: Record<Caller, string | null>;
  let ids: Ids;
  let member: SignedIn;

  beforeAll(async () => {
    const owner = await newOrganisation(t, 'Acme Marketing', 'Ada Owner');
    const admin = await addPerson(t, owner, 'Alma Admin', 'org_admin');
    member = await addPerson(t, owner, 'Mo Member');
    const target = await addPerson(t, owner, 'Tia Target');
    const support = await signInPlatformAdmin(t, 'support_admin');
    const system = await signInPlatformAdmin(t, 'system_admin');
    tokens = {
      anonymous: null,
      org_member: member.access_token,
      org_admin: admin.access_token,
      org_owner: owner.access_token,
      support_admin: support.access_token,
      system_admin: system.access_token,
    };
    const domain = `review-${Date.now().toString(36)}.example.org`;
    await adminCall(t, 'POST', '/settings/domain-claims', owner.access_token, { domain });
    await adminCall(t, 'POST', `/settings/domain-claims/${domain}/review`, owner.access_token);
    const claims = (await adminCall(t, 'GET', '/admin/domain-claims', system.access_token)).json<{ claims: { id: string; domain: string }[] }>().claims;
    ids = { userId: target.user.id, orgId: owner.user.org_id!, claimId: claims.find((claim) => claim.domain === domain)!.id };
  });

  for (const caller of CALLERS) {
    it(`${caller}: every admin endpoint answers as the role allows`, async () => {
      for (const endpoint of ENDPOINTS) {
        const response = await adminCall(t, endpoint.method, endpoint.path(ids), tokens[caller], endpoint.body);
        const want = expected(caller, endpoint);
        expect({ endpoint: `${endpoint.method} ${endpoint.path(ids)}`, status: response.statusCode }).toEqual({
          endpoint: `${endpoint.method} ${endpoint.path(ids)}`,
          status: want.status,
        });
        if (want.detail) expect(response.json().detail).toBe(want.detail);
      }
      if (caller !== 'system_admin') {
        // Refused actions changed nothing: the target is active and its balance untouched.
        const system = tokens.system_admin!;
        const detail = (await adminCall(t, 'GET', `/admin/users/${ids.userId}`, system)).json();
        expect(detail.status).toBe('active');
        const claims = (await adminCall(t, 'GET', '/admin/domain-claims', system)).json<{ claims: { id: string }[] }>().claims;
        expect(claims.map((claim) => claim.id)).toContain(ids.claimId);
      }
    });
  }

  it('the organisation activity log is for owners only', async () => {
    const answers: Record<string, number> = {};
    for (const caller of CALLERS) answers[caller] = (await adminCall(t, 'GET', '/orgs/audit', tokens[caller])).statusCode;
    expect(answers).toEqual({ anonymous: 401, org_member: 403, org_admin: 403, org_owner: 200, support_admin: 403, system_admin: 403 });
    const refused = await adminCall(t, 'GET', '/orgs/audit', tokens.org_admin);
    expect(refused.json().detail).toBe("Only organisation owners can read the organisation's activity log");
  });

  it('a refused action is refused before its body is read', async () => {
    const response = await adminCall(t, 'POST', `/admin/users/${ids.userId}/suspend`, tokens.support_admin, { reason: '' });
    expect(response.statusCode).toBe(403);
    const fromMember = await adminCall(t, 'POST', `/admin/organizations/${ids.orgId}/credits`, member.access_token, {});
    expect(fromMember.statusCode).toBe(403);
  });
});
