/**
 * POST /orgs/invites sends mail to addresses the inviter chooses, so it is limited per hour: per
 * inviter, per organisation and per invited address (plugins/rate-limit.ts, INVITE_LIMITS). Over
 * a limit: 429 RATE_LIMITED with Retry-After, and no invite and no mail.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rateLimitCounters, users } from '../../server/src/db/schema/index';
import { INVITE_LIMITS, INVITE_LIMIT_MESSAGES } from '../../server/src/plugins/rate-limit';
import { storedBucketKey } from '../../server/src/plugins/rate-limit-store';
import { login, uniqueEmail, type RegisteredOwner, type SignedIn } from '../helpers/server';
import { readOutbox } from '../helpers/mail';
import { appForSuite } from '../helpers/suite-fixtures';
import { call, newOrganisation } from './org-helpers';

const HOUR_MS = 3_600_000;

describe('invite limits', () => {
  const t = appForSuite();

  /** A second admin of `owner`'s organisation (moved there directly: how they joined is not the point here). */
  const secondAdmin = async (owner: RegisteredOwner): Promise<SignedIn> => {
    const person = await newOrganisation(t);
    await t.database.db.update(users).set({ orgId: owner.user.org_id, role: 'org_admin' }).where(eq(users.id, person.user.id));
    return login(t.app, person.email);
  };
  const invite = (token: string, email: string) => call(t, 'POST', '/orgs/invites', token, { email, role: 'org_member' });
  const mailsTo = async (emails: string[]) => (await readOutbox(t.config.mail.outboxDir)).filter((mail) => emails.some((email) => mail.to.includes(email)));
  /**
   * Counts are per clock hour: a test that would straddle one waits for the next. Thirty invites
   * take well over 30 s on a loaded machine, so the margin is two minutes.
   */
  const clearOfHourEnd = async () => {
    const left = HOUR_MS - (Date.now() % HOUR_MS);
    if (left < 120_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  };
  /** Whole seconds from `at` to the end of its clock hour: when an hour's count starts again. */
  const secondsToHourEnd = (at: number) => Math.ceil((HOUR_MS - (at % HOUR_MS)) / 1000);

  it(`one person sends at most ${INVITE_LIMITS.perInviterPerHour} an hour; then 429, no invite, no mail; another admin still can`, async () => {
    await clearOfHourEnd();
    const owner = await newOrganisation(t);
    const admin = await secondAdmin(owner);
    const addresses = Array.from({ length: INVITE_LIMITS.perInviterPerHour + 1 }, () => uniqueEmail());
    for (const email of addresses.slice(0, -1)) expect((await invite(owner.access_token, email)).statusCode).toBe(201);

    const refusedAt = Date.now();
    const refused = await invite(owner.access_token, addresses.at(-1)!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: INVITE_LIMIT_MESSAGES.inviter, code: 'RATE_LIMITED' });
    // Try again when the hour's count starts again, not after the store's one-minute window.
    expect(Math.abs(Number(refused.headers['retry-after']) - secondsToHourEnd(refusedAt))).toBeLessThanOrEqual(5);
    expect(await mailsTo(addresses)).toHaveLength(INVITE_LIMITS.perInviterPerHour);

    expect((await invite(admin.access_token, addresses.at(-1)!)).statusCode).toBe(201);
  });

  it(`one address is invited at most ${INVITE_LIMITS.perAddressPerHour} times an hour by an organisation`, async () => {
    await clearOfHourEnd();
    const owner = await newOrganisation(t);
    const email = uniqueEmail();
    for (let sent = 0; sent < INVITE_LIMITS.perAddressPerHour; sent++) expect((await invite(owner.access_token, email)).statusCode).toBe(201);
    const refused = await invite(owner.access_token, email.toUpperCase());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: INVITE_LIMIT_MESSAGES.address, code: 'RATE_LIMITED' });
    expect(await mailsTo([email])).toHaveLength(INVITE_LIMITS.perAddressPerHour);
    // Another organisation is not held back by it.
    const other = await newOrganisation(t);
    expect((await invite(other.access_token, email)).statusCode).toBe(201);
  });

  it(`an organisation sends at most ${INVITE_LIMITS.perOrganisationPerHour} an hour, whoever sends them`, async () => {
    await clearOfHourEnd();
    const owner = await newOrganisation(t);
    const admin = await secondAdmin(owner);
    // The organisation's owners and admins have already sent all but one this hour (counted in the database).
    const bucket = storedBucketKey({ bucket: `invites:organisation:${owner.user.org_id}`, max: 0, window: 'hour' });
    const windowStart = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    await t.database.db.insert(rateLimitCounters).values({ bucket, windowStart, hits: INVITE_LIMITS.perOrganisationPerHour - 1 });

    expect((await invite(owner.access_token, uniqueEmail())).statusCode).toBe(201);
    const refused = await invite(admin.access_token, uniqueEmail());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: INVITE_LIMIT_MESSAGES.organisation, code: 'RATE_LIMITED' });
  });
});
