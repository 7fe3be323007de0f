/**
 * Sign-in tells the person with the right password why they cannot come in — a join request
 * still waiting for the named organisation, or a suspended account — and tells everyone else
 * only 'Incorrect email or password' (tests/server/registration-privacy.test.ts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index';
import { API, TEST_PASSWORD } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';
import { addPerson, newOrganisation, requestToJoin } from './org-helpers';

describe('sign-in answers for the right password', () => {
  const t = appForSuite();

  const signIn = (email: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: 'POST', url: `${API}/login`, payload: { email, password } });

  it('a pending join request is told which organisation must approve it; no session is started', async () => {
    const owner = await newOrganisation(t, 'Northwind Studio');
    const email = await requestToJoin(t, owner, 'Pia Pending');
    const response = await signIn(email.toUpperCase());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'Your request to join Northwind Studio is waiting for approval by an owner or admin of Northwind Studio. You can sign in once it is approved.',
      code: 'JOIN_REQUEST_PENDING',
    });
    expect(response.json()).not.toHaveProperty('access_token');
  });

  it('a suspended account is told so; reactivated, it signs in again', async () => {
    const owner = await newOrganisation(t);
    const member = await addPerson(t, owner, 'Sam Suspended');
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, member.user.id));
    const refused = await signIn(member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Your account has been suspended. Contact an owner or admin of your organisation, or Mosaic support, to have it reactivated.',
      code: 'ACCOUNT_SUSPENDED',
    });
    await t.database.db.update(users).set({ disabled: false }).where(eq(users.id, member.user.id));
    expect((await signIn(member.email)).statusCode).toBe(200);
  });
});
