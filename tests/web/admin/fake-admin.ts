/**
 * A small platform behind the fake API for the admin screens: accounts, organisations, the
 * dashboard figures and the audit log, answered with the wire types the server sends (checked
 * against the contract's declarations by the fake API).
 */
import type { FakeApi } from '../app/support/fake-api';
import type {
  AdminOrganization,
  AdminOrganizationDetail,
  AdminOverview,
  AdminSecuritySummary,
  AdminUser,
  AdminUserDetail,
  CreditAdjustmentBody,
  ReasonBody,
} from '../../../src/contract/admin';
import type { AuditEvent } from '../../../src/contract/audit';

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const HOUR = 60 * 60 * 1000;

export function adminUser(id: string, name: string, extra: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@northwind.test`,
    role: 'org_member',
    status: 'active',
    org_id: 'org-north',
    org_name: 'Northwind Studio',
    created_at: '2026-02-01T09:00:00.000Z',
    last_active_at: iso(2 * HOUR),
    last_sign_in_at: iso(26 * HOUR),
    devices: [
      { id: 'dev-1', created_at: iso(26 * HOUR), last_used_at: iso(2 * HOUR), user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/124.0 Safari/537.36', ip_address: '198.51.100.7' },
    ],
    suspension: null,
    ...extra,
  };
}

const listed = ({ last_sign_in_at: _a, devices: _b, suspension: _c, ...user }: AdminUserDetail): AdminUser => user;

export function serveUsers(api: FakeApi, people: AdminUserDetail[]): { people: AdminUserDetail[] } {
  const state = { people };
  api.on('GET /admin/users', (call) => {
    const q = (call.query.get('q') ?? '').toLowerCase();
    const found = state.people.filter((person) => !q || person.name.toLowerCase().includes(q) || person.email.includes(q));
    return { status: 200, body: { users: found.map(listed), total: found.length } };
  });
  for (const person of people) {
    api.on(`GET /admin/users/${person.id}`, () => ({ status: 200, body: state.people.find((candidate) => candidate.id === person.id) }));
    const act = (change: (found: AdminUserDetail, reason: string) => AdminUserDetail) => (call: { body: unknown }) => {
      const index = state.people.findIndex((candidate) => candidate.id === person.id);
      const updated = change(state.people[index]!, (call.body as ReasonBody).reason);
      state.people[index] = updated;
      return { status: 200, body: updated };
    };
    api.on(`POST /admin/users/${person.id}/suspend`, act((found, reason) => ({ ...found, status: 'suspended', devices: [], suspension: { at: new Date().toISOString(), by: 'sam@mosaic.test', reason } })));
    api.on(`POST /admin/users/${person.id}/reactivate`, act((found) => ({ ...found, status: 'active', suspension: null })));
    api.on(`POST /admin/users/${person.id}/sign-out`, act((found) => ({ ...found, devices: [] })));
    api.on(`POST /admin/users/${person.id}/password-reset`, () => ({ status: 200, body: { message: `A password reset link was emailed to ${person.email}. It works once and expires in 60 minutes.` } }));
  }
  return state;
}

export function organisation(extra: Partial<AdminOrganizationDetail> = {}): AdminOrganizationDetail {
  return {
    id: 'org-north',
    name: 'Northwind Studio',
    email_domain: 'northwind.test',
    created_at: '2026-01-10T09:00:00.000Z',
    plan: { type: 'pro', name: 'Pro', is_active: true, expires_at: null },
    members: 2,
    spaces: 2,
    credits_remaining: 1800,
    credits: { used: 1200, total: 3000, remaining: 1800, reset_date: '2026-12-01T00:00:00.000Z' },
    ledger: [
      { id: 'l-2', created_at: iso(HOUR), transaction_type: 'debit', credits: -30, balance_after: 1800, feature: 'chat', activity: 'Chat with SEO agent', activity_details: null },
      { id: 'l-1', created_at: iso(48 * HOUR), transaction_type: 'grant', credits: 3000, balance_after: 1830, feature: 'plan', activity: 'Pro plan credits', activity_details: null },
    ],
    space_list: [
      { id: 's-1', name: 'General', slug: 'general', is_default: true, archived: false, created_at: '2026-01-10T09:00:00.000Z', documents: 4 },
      { id: 's-2', name: 'Old launch', slug: 'old-launch', is_default: false, archived: true, created_at: '2026-01-12T09:00:00.000Z', documents: 0 },
    ],
    member_list: [
      { id: 'u-nora', name: 'Nora North', email: 'nora@northwind.test', role: 'org_owner', status: 'active', last_active_at: iso(HOUR) },
      { id: 'u-mo', name: 'Mo Member', email: 'mo@northwind.test', role: 'org_member', status: 'suspended', last_active_at: null },
    ],
    ...extra,
  };
}

export function serveOrganisations(api: FakeApi, org = organisation()): { org: AdminOrganizationDetail } {
  const state = { org };
  const listedOrg = ({ credits: _a, ledger: _b, space_list: _c, member_list: _d, ...rest }: AdminOrganizationDetail): AdminOrganization => rest;
  api.on('GET /admin/organizations', () => ({ status: 200, body: { organizations: [listedOrg(state.org)], total: 1 } }));
  api.on(`GET /admin/organizations/${org.id}`, () => ({ status: 200, body: state.org }));
  api.on(`POST /admin/organizations/${org.id}/credits`, (call) => {
    const { amount, reason } = call.body as CreditAdjustmentBody;
    const remaining = state.org.credits!.remaining + amount;
    state.org = {
      ...state.org,
      credits_remaining: remaining,
      credits: { ...state.org.credits!, total: state.org.credits!.total + amount, remaining },
      ledger: [
        { id: 'l-new', created_at: new Date().toISOString(), transaction_type: amount > 0 ? 'credit' : 'debit', credits: amount, balance_after: remaining, feature: 'adjustment', activity: 'Credits added by Sam Sysadmin', activity_details: `${reason} (Sam Sysadmin, platform admin)` },
        ...state.org.ledger,
      ],
    };
    return { status: 200, body: { transaction_id: 'l-new', credits_added: amount, credits_remaining: remaining } };
  });
  return state;
}

export function overview(extra: Partial<AdminOverview> = {}): AdminOverview {
  return {
    generated_at: new Date().toISOString(),
    organizations: { total: 42, new_30d: 5 },
    users: { total: 318, suspended: 3, platform_admins: 2, new_30d: 27, active_7d: 120, active_30d: 240 },
    credits: { used_30d: 48250, used_total: 912000 },
    documents: { total: 1280, processing: 4, failed: 7 },
    runs: { last_30d: 5100, open: 2, done_24h: 170, failed_7d: 1 },
    jobs: {
      queues: [
        { name: 'agent-run', waiting: 0, active: 2, failed_24h: 0, completed_24h: 640, oldest_waiting_at: null },
        { name: 'kb-process-document', waiting: 3, active: 1, failed_24h: 2, completed_24h: 88, oldest_waiting_at: iso(60_000) },
      ],
    },
    failures: [
      { kind: 'job', id: 'j-1', at: iso(HOUR), title: 'kb-process-document', detail: 'Storage could not be reached', org_id: null, org_name: null },
      { kind: 'document', id: 'd-1', at: iso(2 * HOUR), title: 'q3-plan.pdf', detail: 'This PDF could not be read', org_id: 'org-north', org_name: 'Northwind Studio' },
    ],
    ...extra,
  };
}

export function auditEvent(id: string, action: string, extra: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    occurred_at: iso(HOUR),
    action,
    actor: { id: 'u-nora', email: 'nora@northwind.test', role: 'org_owner' },
    org_id: 'org-north',
    org_name: 'Northwind Studio',
    target: null,
    ip_address: '198.51.100.7',
    details: {},
    ...extra,
  };
}

export const securitySummary = (extra: Partial<AdminSecuritySummary> = {}): AdminSecuritySummary => ({
  failed_sign_ins: { last_24h: 14, last_7d: 60 },
  refresh_reuse: { last_24h: 1, last_7d: 2 },
  rate_limited: { last_24h: 3, last_7d: 9 },
  top_failing_addresses: [{ ip_address: '203.0.113.9', count: 11 }],
  ...extra,
});
