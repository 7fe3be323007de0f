import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditAccounts, organizations, plans } from '../../server/src/db/schema/index';
import { API, TEST_PASSWORD, authHeaders, login, registerOwner, uniqueEmail } from '../helpers/server';
import { holdDomainVerified } from '../helpers/domain-claims';
import { appForSuite } from '../helpers/suite-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /register', () => {
  const t = appForSuite();

  const register = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/register`, payload });
  const valid = () => ({ email: uniqueEmail(), password: TEST_PASSWORD, name: 'Ada', org_name: 'Acme' });

  it('creates the organisation, its owner, the General space, a 14-day trial and 3000 credits', async () => {
    const input = { ...valid(), email: `ada@acme-${Date.now()}.io`, name: '  Ada Lovelace ', org_name: ' Acme Ltd ' };
    const response = await register(input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token_type).toBe('bearer');
    expect(body.user).toMatchObject({ email: input.email, name: 'Ada Lovelace', role: 'org_owner' });
    expect(body.user.org_id).toEqual(expect.any(String));

    const headers = authHeaders(body.access_token);
    const spaces = (await t.app.inject({ method: 'GET', url: `${API}/spaces/`, headers })).json().data;
    expect(spaces).toEqual([
      { id: expect.any(String), name: 'General', slug: 'general', description: null, is_default: true },
    ]);

    const spaceHeaders = authHeaders(body.access_token, spaces[0].id);
    const plan = (await t.app.inject({ method: 'GET', url: `${API}/billing/plan`, headers: spaceHeaders })).json();
    expect(plan).toMatchObject({ type: 'free', days_left: 14, is_active: true });
    const expiresIn = new Date(plan.expires_at).getTime() - Date.now();
    expect(Math.abs(expiresIn - 14 * DAY_MS)).toBeLessThan(60_000);

    const credits = (await t.app.inject({ method: 'GET', url: `${API}/billing/credits`, headers: spaceHeaders })).json();
    expect(credits).toMatchObject({ used: 0, total: 3000, remaining: 3000 });

    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.id, body.user.org_id));
    expect(org).toMatchObject({ name: 'Acme Ltd', emailDomain: input.email.split('@')[1] });
  });

  it('records no email domain for public mail providers', async () => {
    const response = await register({ ...valid(), email: uniqueEmail('gmail.com') });
    expect(response.statusCode).toBe(201);
    const [org] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, response.json().user.org_id));
    expect(org?.emailDomain).toBeNull();
  });

  it('answers 409 for an email that already has an account, in any case', async () => {
    const input = valid();
    expect((await register(input)).statusCode).toBe(201);
    const again = await register({ ...valid(), email: input.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'An account with this email already exists', code: 'CONFLICT' });
  });

  it('creates nothing when the registration is refused', async () => {
    const before = await t.database.db.select().from(organizations);
    const input = valid();
    await register(input);
    await register({ ...input, org_name: 'Second org' });
    const after = await t.database.db.select().from(organizations);
    expect(after.length).toBe(before.length + 1);
  });

  it('lets two concurrent registrations of one email produce exactly one account', async () => {
    const input = valid();
    const results = await Promise.all([register(input), register({ ...input, org_name: 'Other' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const orgs = await t.database.db.select().from(organizations);
    const plansCount = await t.database.db.select().from(plans);
    const credits = await t.database.db.select().from(creditAccounts);
    // Every organisation that exists is complete: the loser's transaction left nothing behind.
    expect(plansCount.length).toBe(orgs.length);
    expect(credits.length).toBe(orgs.length);
  });

  it.each([
    ['a short password', { password: 'short' }, 'password', 'Password must be at least 8 characters'],
    ['a too long password', { password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    ['a blank name', { name: '   ' }, 'name', 'Name is required'],
    ['a too long name', { name: 'n'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    ['a missing org_name', { org_name: undefined }, 'org_name', 'Organisation name is required'],
    ['an empty org_name', { org_name: '' }, 'org_name', 'Organisation name is required'],
    ['a blank org_name', { org_name: '   ' }, 'org_name', 'Organisation name is required'],
    ['a null org_name', { org_name: null }, 'org_name', 'Organisation name is required'],
    ['a number as org_name', { org_name: 7 }, 'org_name', 'Organisation name must be text'],
    ['a too long org_name', { org_name: 'o'.repeat(101) }, 'org_name', 'Organisation name must be at most 100 characters'],
    ['an invalid email', { email: 'ada@' }, 'email', 'Enter a valid email address'],
    ['a number as name', { name: 42 }, 'name', 'Name must be text'],
  ])('answers 422 for %s', async (_label, change, field, message) => {
    const response = await register({ ...valid(), ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toContainEqual({ field, message });
  });

  it('without an organisation name (and no invite) creates nothing: no account, no organisation', async () => {
    const before = await t.database.db.select().from(organizations);
    const input = { ...valid(), org_name: undefined };
    const response = await register(input);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: 'Validation error',
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'org_name', message: 'Organisation name is required' }],
    });
    expect(await t.database.db.select().from(organizations)).toHaveLength(before.length);
    // The address is still free: sending the name now registers it.
    expect((await register({ ...input, org_name: 'Acme' })).statusCode).toBe(201);
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    for (const password of ['p'.repeat(8), 'p'.repeat(128)]) {
      const input = { ...valid(), password };
      expect((await register(input)).statusCode).toBe(201);
      expect((await login(t.app, input.email, password)).user.email).toBe(input.email);
    }
  });
});

describe('GET /register/check-domain', () => {
  const t = appForSuite();

  const check = (email: string) =>
    t.app.inject({ method: 'GET', url: `${API}/register/check-domain`, query: { email } });

  it('names the organisation holding the domain verified; registering with it alone claims nothing', async () => {
    const domain = `check-${Date.now()}.example.org`;
    const owner = await registerOwner(t.app, { email: `boss@${domain}`, org_name: 'Check Corp' });
    expect((await check(`someone@${domain}`)).json()).toEqual({ has_existing_org: false });
    await holdDomainVerified(t.database, owner.user.org_id!, domain);
    const response = await check(`someone@${domain.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ has_existing_org: true, organization_name: 'Check Corp' });
  });

  it('answers false for a domain nobody registered', async () => {
    expect((await check(uniqueEmail())).json()).toEqual({ has_existing_org: false });
  });

  it('answers false for public mail domains even when someone registered with one', async () => {
    await registerOwner(t.app, { email: uniqueEmail('gmail.com') });
    expect((await check(uniqueEmail('gmail.com'))).json()).toEqual({ has_existing_org: false });
    expect((await check(uniqueEmail('outlook.com'))).json()).toEqual({ has_existing_org: false });
  });

  it('answers 422 for an invalid or missing email', async () => {
    const invalid = await check('not-an-email');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors[0].field).toBe('email');
    const missing = await t.app.inject({ method: 'GET', url: `${API}/register/check-domain` });
    expect(missing.statusCode).toBe(422);
  });
});

describe('registration in the OpenAPI document', () => {
  const t = appForSuite();

  it('documents org_name and invite_token as optional, check-domain without invites, and the invitation look-up', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/openapi.json` })).json();
    const bodyOf = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;
    for (const path of ['/api/v1/register', '/api/v1/register/with-domain']) {
      expect(bodyOf(path).required).not.toContain('org_name');
      expect(bodyOf(path).properties.org_name).toMatchObject({ type: 'string', maxLength: 100 });
    }
    expect(bodyOf('/api/v1/register').properties.invite_token).toMatchObject({ type: 'string' });
    expect(bodyOf('/api/v1/register').required).not.toContain('invite_token');
    const domainAnswer = doc.paths['/api/v1/register/check-domain'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(domainAnswer.properties).sort()).toEqual(['has_existing_org', 'organization_name']);
    const invitation = doc.paths['/api/v1/register/invitation'].get;
    expect(Object.keys(invitation.responses).sort()).toEqual(['200', '404', '410', '422', '429']);
    expect(invitation.responses['200'].content['application/json'].schema.properties.role).toMatchObject({ enum: ['org_member', 'org_admin'] });
  });
});
