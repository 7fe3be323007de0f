/**
 * One account stays signed in on at most ACCOUNT_SESSIONS_MAX devices (docs/scale.md "Every list
 * has a bound"): signing in on one more signs out the device used least recently, whose refresh
 * is refused from then on, and GET /account/sessions lists at most the cap.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SESSIONS_MAX, type AccountSession } from '../../src/contract/account';
import { refreshTokens } from '../../server/src/db/schema/index';
import { hashRefreshToken } from '../../server/src/services/refresh-tokens';
import { API, authHeaders, login, registerOwner } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';

describe('signed-in devices: at most ACCOUNT_SESSIONS_MAX an account', () => {
  const t = appForSuite();

  const refresh = (token: string) => t.app.inject({ method: 'POST', url: `${API}/refresh`, payload: { refresh_token: token } });
  const sessionsOf = async (accessToken: string) =>
    (await t.app.inject({ method: 'GET', url: `${API}/account/sessions`, headers: authHeaders(accessToken) })).json<{ sessions: AccountSession[] }>().sessions;

  it('a sign-in past the cap signs out the device used least recently, and only that one', async () => {
    const owner = await registerOwner(t.app);
    // The registration's device plus devices last used 1…(MAX - 1) hours ago, written straight
    // to the table (each a token family with a token we know): the account is at the cap.
    const devices = Array.from({ length: ACCOUNT_SESSIONS_MAX - 1 }, (_, index) => ({ familyId: randomUUID(), token: `device-${index}-${randomUUID()}`, hoursAgo: index + 1 }));
    await t.database.db.insert(refreshTokens).values(
      devices.map((device) => ({
        userId: owner.user.id,
        familyId: device.familyId,
        tokenHash: hashRefreshToken(device.token),
        createdAt: sql`now() - ${`${device.hoursAgo} hours`}::interval`,
        expiresAt: sql`now() + interval '7 days'`,
      })),
    );
    expect(await sessionsOf(owner.access_token)).toHaveLength(ACCOUNT_SESSIONS_MAX);

    const laptop = await login(t.app, owner.email);
    const listed = await sessionsOf(laptop.access_token);
    expect(listed).toHaveLength(ACCOUNT_SESSIONS_MAX);
    const oldest = devices.at(-1)!;
    expect(listed.map((session) => session.id)).not.toContain(oldest.familyId);
    expect(listed[0]?.current).toBe(true);

    expect((await refresh(oldest.token)).statusCode).toBe(401);
    // The next least recent one is still signed in, and so is the registration's device.
    expect((await refresh(devices.at(-2)!.token)).statusCode).toBe(200);
    expect((await refresh(owner.refresh_token)).statusCode).toBe(200);
  });

  it('a person under the cap keeps every device', async () => {
    const owner = await registerOwner(t.app);
    const phone = await login(t.app, owner.email);
    expect(await sessionsOf(phone.access_token)).toHaveLength(2);
    expect((await refresh(owner.refresh_token)).statusCode).toBe(200);
  });
});
