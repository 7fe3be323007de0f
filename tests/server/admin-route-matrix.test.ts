/**
 * Every route under /api/v1/admin, as the running app registered it, against every caller
 * (docs/admin.md "Roles"): no token → 401; organisation owners, admins and members → 403 'Only
 * platform admins can open the admin area'; support admins read (200) and are refused every action
 * (403 with why); system admins are refused nothing. The routes are read from the app, not listed
 * here, so an admin route added without the role guard fails this test the day it is added.
 * (tests/server/admin-roles.test.ts checks the known endpoints with real bodies and their effects.)
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/contract/admin';
import { API, authHeaders } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';
import { signInPlatformAdmin } from './admin-helpers';
import { addPerson, newOrganisation } from './org-helpers';
import { routeTable, type RouteEntry } from './route-table';

type Caller = 'anonymous' | 'org_member' | 'org_admin' | 'org_owner' | 'support_admin' | 'system_admin';

const ADMIN_PREFIX = `${API}/admin`;

/** The documented answer, by caller and by whether the route acts (anything but a read). */
function expected(caller: Caller, route: RouteEntry): { status: number; detail?: string } | 'not refused' {
  const acts = route.method !== 'GET';
  if (caller === 'anonymous') return { status: 401, detail: 'Not authenticated' };
  if (caller === 'org_member' || caller === 'org_admin' || caller === 'org_owner') return { status: 403, detail: ADMIN_TEXTS.adminsOnly };
  if (caller === 'support_admin') return acts ? { status: 403, detail: ADMIN_TEXTS.readOnly } : { status: 200 };
  // A system admin's action is sent without a body: it may be refused for that (422) but not for the role.
  return acts ? 'not refused' : { status: 200 };
}

describe('admin area: every registered route × every caller', () => {
  const t = appForSuite();
  let adminRoutes: RouteEntry[];
  let tokens: Record<Caller, string | null>;
  /** Values for the routes' parameters, by the collection the parameter names a member of. */
  let members: Record<string, string>;

  beforeAll(async () => {
    // HEAD is Fastify's copy of each GET (same hooks); OPTIONS is not registered.
    adminRoutes = routeTable(t.app).filter(
      (route) => route.method !== 'HEAD' && (route.path === ADMIN_PREFIX || route.path.startsWith(`${ADMIN_PREFIX}/`)),
    );
    const owner = await newOrganisation(t);
    const orgAdmin = await addPerson(t, owner, 'Alma Admin', 'org_admin');
    const member = await addPerson(t, owner, 'Mo Member');
    const target = await addPerson(t, owner, 'Tia Target');
    tokens = {
      anonymous: null,
      org_member: member.access_token,
      org_admin: orgAdmin.access_token,
      org_owner: owner.access_token,
      support_admin: (await signInPlatformAdmin(t, 'support_admin')).access_token,
      system_admin: (await signInPlatformAdmin(t, 'system_admin')).access_token,
    };
    members = { users: target.user.id, organizations: owner.user.org_id! };
  });

  /** The route's path with each parameter filled: a real id where the collection is known, else a fresh one. */
  function urlOf(route: RouteEntry): string {
    const segments = route.path.split('/');
    return segments.map((segment, index) => (segment.startsWith(':') ? (members[segments[index - 1] ?? ''] ?? randomUUID()) : segment)).join('/');
  }

  function send(route: RouteEntry, caller: Caller): Promise<LightMyRequestResponse> {
    const token = tokens[caller];
    return t.app.inject({ method: route.method as 'GET', url: urlOf(route), headers: token ? authHeaders(token) : {} });
  }

  it('reads the admin routes from the app (each one real, the documented ones among them)', () => {
    for (const route of adminRoutes) expect(t.app.hasRoute({ method: route.method as 'GET', url: route.path }), `${route.method} ${route.path}`).toBe(true);
    expect(adminRoutes.map((route) => `${route.method} ${route.path.slice(API.length)}`)).toEqual(
      expect.arrayContaining([
        'GET /admin/overview',
        'GET /admin/users/:id',
        'POST /admin/users/:id/suspend',
        'POST /admin/users/:id/password-reset',
        'POST /admin/organizations/:id/credits',
        'GET /admin/audit',
      ]),
    );
  });

  const callers: Caller[] = ['anonymous', 'org_member', 'org_admin', 'org_owner', 'support_admin', 'system_admin'];
  for (const caller of callers) {
    it(`${caller}: every admin route answers as the role allows`, async () => {
      const answers: string[] = [];
      const wanted: string[] = [];
      for (const route of adminRoutes) {
        const response = await send(route, caller);
        const want = expected(caller, route);
        const name = `${route.method} ${route.path}`;
        if (want === 'not refused') {
          // Refused for the role (401, 403) or failing (5xx) is not an answer docs/admin.md gives a system admin.
          const refused = [401, 403].includes(response.statusCode) || response.statusCode >= 500;
          answers.push(`${name} → ${refused ? response.statusCode : 'not refused'}`);
          wanted.push(`${name} → not refused`);
        } else {
          const detail = want.detail === undefined ? '' : ` ${response.json<{ detail?: string }>().detail ?? '(no detail)'}`;
          answers.push(`${name} → ${response.statusCode}${detail}`);
          wanted.push(`${name} → ${want.status}${want.detail === undefined ? '' : ` ${want.detail}`}`);
        }
      }
      // Compared as a whole, so a failure names every route that answered otherwise.
      expect(answers).toEqual(wanted);
    });
  }
});
