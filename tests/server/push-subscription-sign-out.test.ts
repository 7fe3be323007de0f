/**
 * A device's push subscription belongs to the session that made it: signing that device out (from
 * another device's list, or logging out on it) removes the subscription, and a password change
 * that signs out the other devices removes theirs, so nobody's notifications reach a browser
 * nobody is signed in on.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../server/src/db/schema/index';
import type { AccountSession } from '../../src/contract/account';
import { LOCAL_PUSH_SERVICE_ENV, startPushEndpoint } from '../helpers/push-endpoint';
import { API, authHeaders, login, registerOwner, testEngine, type SignedIn } from '../helpers/server';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';

describe(`push subscriptions end with their device's session (${testEngine})`, () => {
  const pushService = startedForSuite(() => startPushEndpoint());
  const t = appForSuite({ env: LOCAL_PUSH_SERVICE_ENV });

  async function subscribe(session: SignedIn): Promise<string> {
    const device = pushService.device();
    const response = await t.app.inject({ method: 'POST', url: `${API}/notifications/push/subscriptions`, headers: authHeaders(session.access_token), payload: device.subscription });
    expect(response.statusCode).toBeLessThan(300);
    return device.subscription.endpoint;
  }

  async function endpointsOf(userId: string): Promise<string[]> {
    const rows = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    return rows.map((row) => row.endpoint).sort();
  }

  it('signing one device out from another removes only that device’s subscription; logging out removes its own', async () => {
    const laptop = await registerOwner(t.app);
    const phone = await login(t.app, laptop.email, laptop.password);
    const laptopEndpoint = await subscribe(laptop);
    const phoneEndpoint = await subscribe(phone);
    expect(await endpointsOf(laptop.user.id)).toEqual([laptopEndpoint, phoneEndpoint].sort());

    const listed = await t.app.inject({ method: 'GET', url: `${API}/account/sessions`, headers: authHeaders(laptop.access_token) });
    const phoneSession = listed.json<{ sessions: AccountSession[] }>().sessions.find((session) => !session.current);
    expect(phoneSession).toBeDefined();
    const revoked = await t.app.inject({ method: 'DELETE', url: `${API}/account/sessions/${phoneSession!.id}`, headers: authHeaders(laptop.access_token) });
    expect(revoked.statusCode).toBe(204);
    expect(await endpointsOf(laptop.user.id)).toEqual([laptopEndpoint]);

    const loggedOut = await t.app.inject({ method: 'POST', url: `${API}/logout`, payload: { refresh_token: laptop.refresh_token } });
    expect(loggedOut.statusCode).toBeLessThan(300);
    expect(await endpointsOf(laptop.user.id)).toEqual([]);
  });

  it('a password change keeps the subscription of the device that made it and removes the others’', async () => {
    const laptop = await registerOwner(t.app);
    const phone = await login(t.app, laptop.email, laptop.password);
    const laptopEndpoint = await subscribe(laptop);
    await subscribe(phone);

    const changed = await t.app.inject({
      method: 'POST',
      url: `${API}/account/password`,
      headers: authHeaders(laptop.access_token),
      payload: { current_password: laptop.password, new_password: 'a different correct horse battery' },
    });
    expect(changed.statusCode).toBeLessThan(300);
    expect(await endpointsOf(laptop.user.id)).toEqual([laptopEndpoint]);
  });
});
