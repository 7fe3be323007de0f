import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPACES_PAGE_MAX, type ArchivedSpacePage, type Space, type SpacePage } from '../../src/contract/spaces';
import { upsertPlatformAdmin } from '../../server/src/services/admins.service';
import { API, TEST_PASSWORD, addMember, authHeaders, login, registerOwner, uniqueEmail } from '../helpers/server';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';

describe('spaces', () => {
  const t = appForSuite();
  const owner = preparedForSuite(() => registerOwner(t.app));
  const admin = preparedForSuite(() => addMember(t.app, t.database, owner, 'org_admin'));
  const member = preparedForSuite(() => addMember(t.app, t.database, owner, 'org_member'));

  const list = (token: string, url = `${API}/spaces/`) => t.app.inject({ method: 'GET', url, headers: authHeaders(token) });
  const create = (token: string, payload: object, url = `${API}/spaces/`) =>
    t.app.inject({ method: 'POST', url, headers: authHeaders(token), payload });

  describe('POST /spaces/', () => {
    it('lets the owner create a space (201) with trimmed fields', async () => {
      const response = await create(owner.access_token, { name: '  Campaigns ', slug: ' campaigns-2025 ', description: ' Q1 ' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        name: 'Campaigns',
        slug: 'campaigns-2025',
        description: 'Q1',
        is_default: false,
      });
    });

    it('lets an org admin create a space, also at /spaces without the slash', async () => {
      const response = await create(admin.access_token, { name: 'Brand', slug: 'brand' }, `${API}/spaces`);
      expect(response.statusCode).toBe(201);
      expect(response.json().description).toBeNull();
    });

    it('refuses members with 403 and the spec text', async () => {
      const response = await create(member.access_token, { name: 'Nope', slug: 'nope' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        detail: 'Only organisation owners and admins can create spaces',
        code: 'FORBIDDEN',
      });
    });

    it('refuses anonymous callers with 401', async () => {
      const response = await t.app.inject({ method: 'POST', url: `${API}/spaces/`, payload: { name: 'x', slug: 'x' } });
      expect(response.statusCode).toBe(401);
    });

    it('answers 409 for a slug already used in the organisation', async () => {
      await create(owner.access_token, { name: 'Events', slug: 'events' });
      const again = await create(admin.access_token, { name: 'Events again', slug: 'events' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: 'A space with this slug already exists', code: 'CONFLICT' });
    });

    it('accepts any slug the create form accepts, hyphens included', async () => {
      const response = await create(owner.access_token, { name: 'Odd', slug: '-odd--slug-' });
      expect(response.statusCode).toBe(201);
      expect(response.json().slug).toBe('-odd--slug-');
    });

    it('allows the same slug in another organisation', async () => {
      const other = await registerOwner(t.app);
      expect((await create(other.access_token, { name: 'Events', slug: 'events' })).statusCode).toBe(201);
    });

    it.each([
      ['an empty name', { name: '   ', slug: 'ok' }, 'name'],
      ['a missing slug', { name: 'Ok' }, 'slug'],
      ['upper-case letters in the slug', { name: 'Ok', slug: 'Bad-Slug' }, 'slug'],
      ['punctuation in the slug', { name: 'Ok', slug: 'bad_slug!' }, 'slug'],
      ['spaces inside the slug', { name: 'Ok', slug: 'bad slug' }, 'slug'],
      ['a numeric name', { name: 7, slug: 'ok' }, 'name'],
      ['a non-text description', { name: 'Ok', slug: 'ok', description: ['x'] }, 'description'],
    ])('answers 422 with field errors for %s', async (_label, payload, field) => {
      const response = await create(owner.access_token, payload);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.detail).toBe('Validation error');
      expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
    });
  });

  describe('GET /spaces/', () => {
    it("lists only the caller's organisation: default first, then by name", async () => {
      const fresh = await registerOwner(t.app);
      for (const [name, slug] of [['Zeta', 'zeta'], ['Alpha', 'alpha'], ['Mid', 'mid']] as const) {
        await create(fresh.access_token, { name, slug });
      }
      const response = await list(fresh.access_token);
      expect(response.statusCode).toBe(200);
      expect(response.json<SpacePage>()).toEqual({ data: expect.any(Array), next_cursor: null });
      expect(response.json<SpacePage>().data.map((space) => space.name)).toEqual(['General', 'Alpha', 'Mid', 'Zeta']);
    });

    it('shows members the same spaces as the owner', async () => {
      const forOwner = (await list(owner.access_token)).json<SpacePage>().data;
      const forMember = (await list(member.access_token, `${API}/spaces`)).json<SpacePage>().data;
      expect(forMember).toEqual(forOwner);
      expect(forOwner.some((space) => space.slug === 'general' && space.is_default)).toBe(true);
    });

    it('answers 401 without a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: `${API}/spaces/` })).statusCode).toBe(401);
    });

    it('answers a page at a time: each page follows the last, the last says there is no more', async () => {
      const fresh = await registerOwner(t.app);
      // Two spaces of one name: the id orders them, so neither is skipped or listed twice.
      for (const [name, slug] of [['Delta', 'delta'], ['Beta', 'beta'], ['Beta', 'beta-two'], ['Alpha', 'alpha']] as const) {
        await create(fresh.access_token, { name, slug });
      }
      const pages: SpacePage[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
        const response = await list(fresh.access_token, `${API}/spaces/${query}`);
        expect(response.statusCode).toBe(200);
        pages.push(response.json<SpacePage>());
        cursor = pages.at(-1)!.next_cursor;
      } while (cursor);
      expect(pages.map((page) => page.data.map((space) => space.slug))).toEqual([['general', 'alpha'], expect.any(Array), ['delta']]);
      expect(pages[1]!.data.map((space) => space.name)).toEqual(['Beta', 'Beta']);
      expect(pages.slice(0, 2).every((page) => page.next_cursor !== null)).toBe(true);
      expect(pages[2]!.next_cursor).toBeNull();
      // The whole list, in one page, is the pages end to end.
      const whole = (await list(fresh.access_token)).json<SpacePage>().data;
      expect(pages.flatMap((page) => page.data)).toEqual(whole);
    });

    it('refuses a page larger than the maximum, and a cursor it did not make, with a validation error', async () => {
      const tooMany = await list(owner.access_token, `${API}/spaces/?limit=${SPACES_PAGE_MAX + 1}`);
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      const forged = await list(owner.access_token, `${API}/spaces/?cursor=not-a-cursor`);
      expect(forged.statusCode).toBe(422);
      expect(forged.json()).toMatchObject({ code: 'VALIDATION_ERROR', detail: 'This page link is out of date: open the first page again' });
    });

    it('gives platform admins an empty list', async () => {
      const email = uniqueEmail();
      await upsertPlatformAdmin(t.database.db, { email, name: 'Root', role: 'system_admin', password: TEST_PASSWORD });
      const root = await login(t.app, email);
      expect(root.user).toMatchObject({ role: 'system_admin', org_id: null });
      expect((await list(root.access_token)).json()).toEqual({ data: [], next_cursor: null });
      // ...and no space context either.
      const plan = await t.app.inject({
        method: 'GET',
        url: `${API}/billing/plan`,
        headers: authHeaders(root.access_token, owner.defaultSpace.id),
      });
      expect(plan.statusCode).toBe(404);
    });
  });

  describe('GET /spaces/archived', () => {
    it('answers the archived spaces by name a page at a time, and refuses a page over the maximum', async () => {
      const fresh = await registerOwner(t.app);
      for (const [name, slug] of [['Winter', 'winter'], ['Autumn', 'autumn'], ['Spring', 'spring']] as const) {
        const space = (await create(fresh.access_token, { name, slug })).json<Space>();
        const archived = await t.app.inject({ method: 'POST', url: `${API}/spaces/${space.id}/archive`, headers: authHeaders(fresh.access_token) });
        expect(archived.statusCode).toBe(200);
      }
      const first = await list(fresh.access_token, `${API}/spaces/archived?limit=2`);
      expect(first.statusCode).toBe(200);
      const firstPage = first.json<ArchivedSpacePage>();
      expect(firstPage.data.map((space) => space.name)).toEqual(['Autumn', 'Spring']);
      expect(firstPage.next_cursor).toEqual(expect.any(String));
      const second = (await list(fresh.access_token, `${API}/spaces/archived?limit=2&cursor=${encodeURIComponent(firstPage.next_cursor!)}`)).json<ArchivedSpacePage>();
      expect(second).toEqual({ data: [expect.objectContaining({ name: 'Winter', archived_at: expect.any(String) })], next_cursor: null });

      const tooMany = await list(fresh.access_token, `${API}/spaces/archived?limit=${SPACES_PAGE_MAX + 1}`);
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    });
  });

  describe('space context (X-Space-Id) on space-scoped routes', () => {
    const plan = (token: string, spaceId?: string) =>
      t.app.inject({ method: 'GET', url: `${API}/billing/plan`, headers: authHeaders(token, spaceId) });

    it('answers 400 with the spec text when the header is missing', async () => {
      const response = await plan(owner.access_token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'Space context required: send the X-Space-Id header',
        code: 'SPACE_REQUIRED',
      });
    });

    it("answers 404 'Space not found' for a malformed id, an unknown id and another organisation's space", async () => {
      const other = await registerOwner(t.app);
      for (const spaceId of ['not-a-uuid', randomUUID(), other.defaultSpace.id]) {
        const response = await plan(owner.access_token, spaceId);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Space not found', code: 'NOT_FOUND' });
      }
    });

    it('answers 401 before looking at the space when not signed in', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API}/billing/plan`,
        headers: { 'x-space-id': owner.defaultSpace.id },
      });
      expect(response.statusCode).toBe(401);
    });

    it('serves every member of the organisation in any of its spaces', async () => {
      const created = (await create(owner.access_token, { name: 'Ctx', slug: `ctx-${Date.now()}` })).json<Space>();
      for (const session of [owner, admin, member]) {
        expect((await plan(session.access_token, created.id)).statusCode).toBe(200);
      }
    });
  });

  describe('GET /billing/plan and /billing/credits', () => {
    it("return the organisation's plan and balance in the documented shapes", async () => {
      const headers = authHeaders(member.access_token, owner.defaultSpace.id);
      const plan = await t.app.inject({ method: 'GET', url: `${API}/billing/plan`, headers });
      expect(plan.json()).toEqual({
        id: expect.any(String),
        name: 'Free Trial',
        type: 'free',
        days_left: 14,
        expires_at: expect.any(String),
        is_active: true,
      });
      const credits = await t.app.inject({ method: 'GET', url: `${API}/billing/credits`, headers });
      expect(credits.json()).toEqual({
        used: 0,
        total: 3000,
        remaining: 3000,
        reset_date: expect.any(String),
        last_updated: expect.any(String),
      });
    });
  });
});
