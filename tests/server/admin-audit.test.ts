/**
 * The audit log: append-only in the database itself (UPDATE, DELETE and TRUNCATE refused on this
 * engine), written for sign-in, sign-out, failed sign-in and the organisation changes that were
 * not audited before, filtered and paged for platform admins (every organisation) and owners (only
 * their own, with Mosaic staff not named), and summarised on the Security screen.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSecuritySummary } from '../../src/contract/admin';
import { AUDIT_ACTION_LABELS, type AuditEvent, type AuditPage } from '../../src/contract/audit';
import { auditEvents } from '../../server/src/db/schema/index';
import { AUDIT_ACTIONS } from '../../server/src/services/audit/audit.service';
import { API, TEST_PASSWORD, authHeaders, createTestApp, login, testEngine, type RegisteredOwner, type SignedIn } from '../helpers/server';
import { startFreshRateWindow } from '../helpers/rate-window';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { addPerson, call, newOrganisation, requestToJoin } from './org-helpers';
import { adminCall, signInPlatformAdmin } from './admin-helpers';

const actionsOf = (page: AuditPage) => page.events.map((event) => event.action);

describe(`audit log (${testEngine})`, () => {
  const t = appForSuite();
  const system = preparedForSuite(() => signInPlatformAdmin(t, 'system_admin'));
  const support = preparedForSuite(() => signInPlatformAdmin(t, 'support_admin'));
  const owner = preparedForSuite(() => newOrganisation(t, 'Harbour Hotels', 'Hana Harbour'));
  const other = preparedForSuite(() => newOrganisation(t, 'Quarry Quilts', 'Quinn Quarry'));

  const platform = async (query: string) => (await adminCall(t, 'GET', `/admin/audit${query}`, support.access_token)).json<AuditPage>();
  const ownerView = async (who: RegisteredOwner, query = '') => (await adminCall(t, 'GET', `/orgs/audit${query}`, who.access_token)).json<AuditPage>();

  it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    const [entry] = await t.database.db.select().from(auditEvents).limit(1);
    expect(entry).toBeDefined();
    await expect(t.database.db.update(auditEvents).set({ action: 'tampered' }).where(eq(auditEvents.id, entry!.id))).rejects.toThrow();
    await expect(t.database.db.delete(auditEvents).where(eq(auditEvents.id, entry!.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const [still] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.id, entry!.id));
    expect(still).toEqual(entry);
    // Appending still works.
    const before = (await t.database.db.select().from(auditEvents)).length;
    await login(t.app, owner.email);
    expect((await t.database.db.select().from(auditEvents)).length).toBeGreaterThan(before);
  });

  it('records sign-in, failed sign-in and sign-out with who and from where', async () => {
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email: other.email, password }, remoteAddress: '203.0.113.9', headers: { 'user-agent': 'Audit Browser' } });
    expect((await attempt('not the password')).statusCode).toBe(401);
    const session = (await attempt(TEST_PASSWORD)).json<SignedIn>();
    await t.app.inject({ method: 'POST', url: `${API}/logout`, payload: { refresh_token: session.refresh_token }, remoteAddress: '203.0.113.9' });
    await t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email: 'nobody@nowhere.example', password: 'guess' }, remoteAddress: '203.0.113.9' });

    const page = await platform(`?actor=${encodeURIComponent(other.email)}&limit=10`);
    const [signedOut, signedIn, failed] = page.events;
    expect([signedOut?.action, signedIn?.action, failed?.action]).toEqual(['auth.signed_out', 'auth.signed_in', 'auth.sign_in_failed']);
    expect(signedIn).toMatchObject({ actor: { id: other.user.id, email: other.email, role: 'org_owner' }, org_name: 'Quarry Quilts', ip_address: '203.0.113.9', details: { user_agent: 'Audit Browser' } });
    expect(failed).toMatchObject({ actor: null, org_id: other.user.org_id, details: { email: other.email, reason: 'wrong_password' } });
    expect(signedOut).toMatchObject({ actor: { id: other.user.id }, ip_address: '203.0.113.9' });
    const unknown = await platform('?actor=nobody%40nowhere.example');
    expect(unknown.events[0]).toMatchObject({ action: 'auth.sign_in_failed', org_id: null, details: { reason: 'unknown_email' } });
  });

  it('records role changes, removals, withdrawn invites, join decisions, new spaces and brand-voice changes', async () => {
    const person = await addPerson(t, owner, 'Piet Promoted');
    await call(t, 'PUT', `/orgs/members/${person.user.id}/role`, owner.access_token, { role: 'org_admin' });
    await call(t, 'DELETE', `/orgs/members/${person.user.id}`, owner.access_token);
    const invite = (await call(t, 'POST', '/orgs/invites', owner.access_token, { email: 'ivy@harbour.example', role: 'org_member' })).json();
    await call(t, 'DELETE', `/orgs/invites/${invite.id}`, owner.access_token);
    await requestToJoin(t, owner, 'Dora Denied');
    const [pending] = (await call(t, 'GET', '/orgs/join-requests', owner.access_token)).json().join_requests;
    await call(t, 'PUT', `/orgs/join-requests/${pending.id}/deny`, owner.access_token);
    await call(t, 'POST', '/spaces/', owner.access_token, { name: 'Summer campaign', slug: 'summer' });
    await t.app.inject({ method: 'PUT', url: `${API}/settings/brand-voice`, headers: authHeaders(owner.access_token, owner.defaultSpace.id), payload: { content: 'Warm and direct.' } });

    const page = await ownerView(owner, '?limit=100');
    const actions = actionsOf(page);
    for (const action of ['members.role_changed', 'members.removed', 'invites.revoked', 'join_requests.approved', 'join_requests.denied', 'spaces.created', 'brand_voice.updated', 'org.created']) {
      expect(actions).toContain(action);
    }
    const roleChange = page.events.find((event) => event.action === 'members.role_changed')!;
    expect(roleChange).toMatchObject({ actor: { id: owner.user.id, email: owner.email }, details: { from: 'org_member', to: 'org_admin' } });
    const space = page.events.find((event) => event.action === 'spaces.created')!;
    expect(space.target).toMatchObject({ type: 'space', label: 'Summer campaign' });
    expect(page.events.find((event) => event.action === 'brand_voice.updated')!.details).toEqual({ characters: 16 });
  });

  it('an owner sees only their organisation; Mosaic staff appear without their names', async () => {
    await adminCall(t, 'POST', `/admin/organizations/${owner.user.org_id}/credits`, system.access_token, { amount: 200, reason: 'Goodwill' });
    const mine = await ownerView(owner, '?limit=100');
    expect(mine.events.length).toBeGreaterThan(0);
    expect(mine.events.every((event) => event.org_id === owner.user.org_id)).toBe(true);
    const adjusted = mine.events.find((event) => event.action === 'credits.adjusted')!;
    expect(adjusted.actor).toEqual({ id: null, email: null, role: 'system_admin' });
    // The organisation filter is the platform's: an owner cannot widen the view with it.
    const widened = await ownerView(owner, `?organization=${other.user.org_id}&limit=100`);
    expect(widened.events.every((event) => event.org_id === owner.user.org_id)).toBe(true);
    // Platform admins see the staff member.
    const [seen] = (await platform(`?action=credits.adjusted&organization=${owner.user.org_id}`)).events;
    expect(seen!.actor).toMatchObject({ id: system.user.id, email: system.email });
  });

  it('filters by action or area, actor, organisation name and dates, and pages without gaps', async () => {
    const harbour = await platform('?organization=harbour&limit=100');
    expect(harbour.events.every((event) => event.org_name === 'Harbour Hotels')).toBe(true);
    const area = await platform('?action=auth&limit=100');
    expect(area.events.every((event) => event.action.startsWith('auth.'))).toBe(true);
    const newest = (await platform('?limit=1')).events[0]!;
    const day = newest.occurred_at.slice(0, 10);
    const thatDay = await platform(`?from=${day}&to=${day}&limit=100`);
    expect(thatDay.events[0]!.id).toBe(newest.id);
    expect(thatDay.events.every((event) => event.occurred_at.startsWith(day))).toBe(true);
    expect((await platform('?to=2000-01-01')).events).toEqual([]);
    const backwards = await adminCall(t, 'GET', '/admin/audit?from=2026-02-02&to=2026-02-01', support.access_token);
    expect(backwards.statusCode).toBe(422);

    const all: AuditEvent[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditPage = await platform(`?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      all.push(...page.events);
      cursor = page.next_cursor;
    } while (cursor);
    const everything = await platform('?limit=100');
    expect(all.map((event) => event.id)).toEqual(everything.events.map((event) => event.id));
    expect((await adminCall(t, 'GET', '/admin/audit?cursor=garbage', support.access_token)).statusCode).toBe(422);
  });

  it('every action the server records has a label on screen', () => {
    expect(AUDIT_ACTIONS.filter((action) => !(action in AUDIT_ACTION_LABELS))).toEqual([]);
  });

  it('summarises failed sign-ins, refresh-token reuse and rate-limit refusals', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email: owner.email, password: 'wrong' }, remoteAddress: '192.0.2.44' });
    }
    const session = await login(t.app, owner.email);
    const rotated = await t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: session.refresh_token } });
    expect(rotated.statusCode).toBe(200);
    // Presented again long after its rotation: reuse. (Set-up: the rotation is moved into the past.)
    await t.database.db.execute(sql`update refresh_tokens set revoked_at = now() - interval '1 hour' where user_id = ${owner.user.id} and replaced_by is not null`);
    expect((await t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: session.refresh_token } })).statusCode).toBe(401);

    const summary = (await adminCall(t, 'GET', '/admin/security', support.access_token)).json<AdminSecuritySummary>();
    expect(summary.failed_sign_ins.last_24h).toBeGreaterThanOrEqual(5);
    expect(summary.failed_sign_ins.last_7d).toBe(summary.failed_sign_ins.last_24h);
    expect(summary.refresh_reuse.last_24h).toBe(1);
    expect(summary.top_failing_addresses[0]).toEqual({ ip_address: '192.0.2.44', count: 3 });
  });
});

describe('admin endpoints are rate limited per admin, and the refusal is audited', () => {
  it('answers 429 past the allowance; actions have a quarter of it', async () => {
    const t = await createTestApp({ env: { ADMIN_RATE_LIMIT_MAX: '8' } });
    try {
      const system = await signInPlatformAdmin(t, 'system_admin');
      const owner = await newOrganisation(t);
      startFreshRateWindow();
      const reads = [];
      for (let index = 0; index < 9; index++) reads.push((await adminCall(t, 'GET', '/admin/overview', system.access_token)).statusCode);
      expect(reads).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
      const acts = [];
      for (let index = 0; index < 3; index++) {
        acts.push((await adminCall(t, 'POST', `/admin/organizations/${owner.user.org_id}/credits`, system.access_token, { amount: 1, reason: 'Rate test' })).statusCode);
      }
      expect(acts).toEqual([200, 200, 429]);
      const refusals = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.rate_limited'));
      expect(refusals.map((event) => [event.actorUserId, (event.details as { limit: string }).limit])).toEqual([
        [system.user.id, 'admin-read'],
        [system.user.id, 'admin-act'],
      ]);
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});
