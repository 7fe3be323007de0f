/**
 * The analytics lists are bounded (docs/scale.md "Every list has a bound"): a person connects at
 * most GA4_ACCOUNTS_PER_PERSON_MAX Google accounts in an organisation (a reconnect is never
 * refused), and a space links at most GA4_LINKED_PROPERTIES_PER_SPACE_MAX properties. Through the
 * demo source, which needs no Google.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GA4_ACCOUNTS_PER_PERSON_MAX,
  GA4_LINKED_PROPERTIES_LIMIT_CODE,
  GA4_LINKED_PROPERTIES_LIMIT_TEXT,
  GA4_LINKED_PROPERTIES_PER_SPACE_MAX,
  type Ga4LinkedProperty,
  type Ga4PropertiesResponse,
} from '../../src/contract/ga4';
import { ga4Accounts, ga4LinkedProperties } from '../../server/src/db/schema/index';
import { createTestApp, registerOwner, type RegisteredOwner, type TestApp } from '../helpers/server';
import { accountsOf, connectDemo, ga4Call } from './ga4-helpers';

describe('analytics lists: bounded by what a person connects and a space links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Other Google accounts the owner connected before, written straight to the table. */
  const seedAccounts = (owner: RegisteredOwner, count: number, tag: string) =>
    t.database.db.insert(ga4Accounts).values(
      Array.from({ length: count }, (_, index) => ({
        orgId: owner.user.org_id!,
        userId: owner.user.id,
        provider: 'demo' as const,
        email: `other-${tag}-${index}@example.com`,
        googleUserId: `other-${tag}-${index}`,
        scopes: 'https://www.googleapis.com/auth/analytics.readonly',
      })),
    );

  it('refuses a new Google account past the cap, never a reconnect', async () => {
    const owner = await registerOwner(t.app);
    const space = owner.defaultSpace.id;
    await seedAccounts(owner, GA4_ACCOUNTS_PER_PERSON_MAX - 1, 'a');
    expect((await connectDemo(t, owner, space)).headers.location).toBe('/connections/ga4/manage?connected=1');
    expect(await accountsOf(t, owner, space)).toHaveLength(GA4_ACCOUNTS_PER_PERSON_MAX);
    // At the cap, connecting the same Google user again refreshes it.
    expect((await connectDemo(t, owner, space)).headers.location).toBe('/connections/ga4/manage?connected=1');

    const demo = (await accountsOf(t, owner, space)).find((account) => account.is_demo && account.google_user_id === 'demo')!;
    expect((await ga4Call(t, owner, space, 'DELETE', `/accounts/${demo.id}`)).statusCode).toBe(200);
    await seedAccounts(owner, 1, 'b');
    expect((await connectDemo(t, owner, space)).headers.location).toBe('/connections/ga4/manage?error=too_many_accounts');
    const listed = await accountsOf(t, owner, space);
    expect(listed).toHaveLength(GA4_ACCOUNTS_PER_PERSON_MAX);
    expect(listed.some((account) => account.google_user_id === 'demo')).toBe(false);
  });

  it('refuses a link past the cap with what to do; unlinking one makes room', async () => {
    const owner = await registerOwner(t.app);
    const space = owner.defaultSpace.id;
    await connectDemo(t, owner, space);
    const property = (await ga4Call(t, owner, space, 'GET', '/properties')).json<Ga4PropertiesResponse>().properties[0]!;
    await t.database.db.insert(ga4LinkedProperties).values(
      Array.from({ length: GA4_LINKED_PROPERTIES_PER_SPACE_MAX }, (_, index) => ({
        spaceId: space,
        accountId: property.account_id,
        ga4PropertyId: `properties/seeded-${index}`,
        ga4PropertyDisplayName: `Seeded ${index}`,
      })),
    );
    const link = () =>
      ga4Call(t, owner, space, 'POST', '/link', { google_oauth_account_id: property.account_id, ga4_property_id: property.property_id, ga4_property_display_name: property.display_name });
    const refused = await link();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: GA4_LINKED_PROPERTIES_LIMIT_TEXT, code: GA4_LINKED_PROPERTIES_LIMIT_CODE });

    const linked = (await ga4Call(t, owner, space, 'GET', '/linked-properties')).json<{ linked_properties: Ga4LinkedProperty[] }>().linked_properties;
    expect(linked).toHaveLength(GA4_LINKED_PROPERTIES_PER_SPACE_MAX);
    expect((await ga4Call(t, owner, space, 'DELETE', `/unlink/${linked[0]!.id}`)).statusCode).toBe(204);
    expect((await link()).statusCode).toBe(201);
  });

  it('two links at once for the last place: one is linked, the other refused with the cap', async () => {
    const owner = await registerOwner(t.app);
    const space = owner.defaultSpace.id;
    await connectDemo(t, owner, space);
    const [first, second] = (await ga4Call(t, owner, space, 'GET', '/properties')).json<Ga4PropertiesResponse>().properties;
    expect(second, 'the demo source lists two properties').toBeDefined();
    await t.database.db.insert(ga4LinkedProperties).values(
      Array.from({ length: GA4_LINKED_PROPERTIES_PER_SPACE_MAX - 1 }, (_, index) => ({
        spaceId: space,
        accountId: first!.account_id,
        ga4PropertyId: `properties/seeded-${index}`,
        ga4PropertyDisplayName: `Seeded ${index}`,
      })),
    );
    const link = (property: typeof first) =>
      ga4Call(t, owner, space, 'POST', '/link', { google_oauth_account_id: property!.account_id, ga4_property_id: property!.property_id, ga4_property_display_name: property!.display_name });
    const answers = await Promise.all([link(first), link(second)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ detail: GA4_LINKED_PROPERTIES_LIMIT_TEXT, code: GA4_LINKED_PROPERTIES_LIMIT_CODE });
    const linked = (await ga4Call(t, owner, space, 'GET', '/linked-properties')).json<{ linked_properties: Ga4LinkedProperty[] }>().linked_properties;
    expect(linked).toHaveLength(GA4_LINKED_PROPERTIES_PER_SPACE_MAX);
  });
});
