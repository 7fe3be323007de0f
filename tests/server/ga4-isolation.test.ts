import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ga4Account, Ga4LinkedProperty } from '../../src/contract/ga4';
import type { Space } from '../../src/contract/spaces';
import {
  API,
  addMember,
  authHeaders,
  createTestApp,
  registerOwner,
  testEngine,
  type RegisteredOwner,
  type SignedIn,
  type TestApp,
} from '../helpers/server';
import { accountsOf, connectDemo, ga4Call } from './ga4-helpers';

const STORE = '900000001';
const KPI_REPORT = { property_id: STORE, metrics: ['sessions'], dimensions: [], start_date: '2025-03-01', end_date: '2025-03-07' };

describe(`GA4 isolation between users, spaces and organisations (${testEngine})`, () => {
  let t: TestApp;
  let owner: RegisteredOwner;
  let member: SignedIn;
  let admin: SignedIn;
  let stranger: RegisteredOwner;
  let otherSpace: Space;
  let ownerAccount: Ga4Account;
  let link: Ga4LinkedProperty;
  const general = () => owner.defaultSpace.id;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOwner(t.app);
    member = await addMember(t.app, t.database, owner);
    admin = await addMember(t.app, t.database, owner, 'org_admin');
    stranger = await registerOwner(t.app, { org_name: 'Elsewhere Ltd' });
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/spaces/`,
      headers: authHeaders(owner.access_token),
      payload: { name: 'Second brand', slug: 'second-brand' },
    });
    otherSpace = created.json<Space>();
    await connectDemo(t, owner, general());
    ownerAccount = (await accountsOf(t, owner, general()))[0]!;
    const linked = await ga4Call(t, owner, general(), 'POST', '/link', {
      google_oauth_account_id: ownerAccount.id,
      ga4_property_id: STORE,
      ga4_property_display_name: 'Demo Store',
    });
    link = linked.json<Ga4LinkedProperty>();
  });
  afterAll(async () => t.close());

  it("another member sees none of the owner's accounts, and only owners and admins connect or link", async () => {
    expect(await accountsOf(t, member, general())).toEqual([]);
    expect((await ga4Call(t, member, general(), 'GET', `/properties?account_id=${ownerAccount.id}`)).statusCode).toBe(404);
    const onlyManagers = { detail: 'Only organisation owners and admins can connect Google Analytics to a space' };
    const start = await ga4Call(t, member, general(), 'GET', '/oauth/start');
    expect(start.statusCode).toBe(403);
    expect(start.json()).toMatchObject(onlyManagers);
    const attempt = await ga4Call(t, member, otherSpace.id, 'POST', '/link', {
      google_oauth_account_id: ownerAccount.id,
      ga4_property_id: '900000002',
      ga4_property_display_name: 'Demo Blog',
    });
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json()).toMatchObject(onlyManagers);
    const unlink = await ga4Call(t, member, general(), 'DELETE', `/unlink/${link.id}`);
    expect(unlink.statusCode).toBe(403);
    expect((await ga4Call(t, member, general(), 'DELETE', `/accounts/${ownerAccount.id}`)).statusCode).toBe(404);
    expect(await accountsOf(t, owner, general())).toHaveLength(1);
    expect((await ga4Call(t, owner, general(), 'GET', '/linked-properties')).json()).toEqual({ linked_properties: [link] });
  });

  it("an admin links with their own accounts only: the owner's is not found", async () => {
    const attempt = await ga4Call(t, admin, otherSpace.id, 'POST', '/link', {
      google_oauth_account_id: ownerAccount.id,
      ga4_property_id: '900000002',
      ga4_property_display_name: 'Demo Blog',
    });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json()).toMatchObject({ detail: 'GA4 account not found' });
  });

  it('any member of the space reads the linked property and its reports', async () => {
    const list = await ga4Call(t, member, general(), 'GET', '/linked-properties');
    expect(list.json()).toEqual({ linked_properties: [link] });
    const report = await ga4Call(t, member, general(), 'POST', '/report', KPI_REPORT);
    expect(report.statusCode).toBe(200);
  });

  it("another space's link is invisible and cannot be used or removed from here", async () => {
    expect((await ga4Call(t, owner, otherSpace.id, 'GET', '/linked-properties')).json()).toEqual({ linked_properties: [] });
    expect((await ga4Call(t, owner, otherSpace.id, 'POST', '/report', KPI_REPORT)).statusCode).toBe(404);
    expect((await ga4Call(t, owner, otherSpace.id, 'DELETE', `/unlink/${link.id}`)).statusCode).toBe(404);
    expect((await ga4Call(t, owner, general(), 'GET', '/linked-properties')).json()).toEqual({ linked_properties: [link] });
  });

  it('the same property can be linked to a second space on its own', async () => {
    const second = await ga4Call(t, owner, otherSpace.id, 'POST', '/link', {
      google_oauth_account_id: ownerAccount.id,
      ga4_property_id: STORE,
      ga4_property_display_name: 'Store (brand 2)',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json<Ga4LinkedProperty>().id).not.toBe(link.id);
  });

  it('another organisation reaches nothing', async () => {
    expect(await accountsOf(t, stranger, stranger.defaultSpace.id)).toEqual([]);
    expect((await ga4Call(t, stranger, general(), 'GET', '/linked-properties')).statusCode).toBe(404);
    expect((await ga4Call(t, stranger, stranger.defaultSpace.id, 'POST', '/report', KPI_REPORT)).statusCode).toBe(404);
    const attempt = await ga4Call(t, stranger, stranger.defaultSpace.id, 'POST', '/link', {
      google_oauth_account_id: ownerAccount.id,
      ga4_property_id: STORE,
      ga4_property_display_name: 'Demo Store',
    });
    expect(attempt.statusCode).toBe(404);
  });

  it('a bad link payload answers 422 with field errors', async () => {
    const response = await ga4Call(t, owner, general(), 'POST', '/link', { google_oauth_account_id: ownerAccount.id, ga4_property_id: 'properties/abc' });
    expect(response.statusCode).toBe(422);
    const fields = response.json<{ errors: { field: string }[] }>().errors.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['ga4_property_id', 'ga4_property_display_name']));
  });
});
