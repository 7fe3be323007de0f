/**
 * Registration and sign-in answer alike whatever an address's state, so they cannot be used to
 * find out which addresses have accounts or requests; the address's owner is emailed instead.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { joinRequests, users } from '../../server/src/db/schema/index';
import { API, TEST_PASSWORD, signInWithRole, uniqueEmail } from '../helpers/server';
import { startFreshRateWindow } from '../helpers/rate-window';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';
import { startTestSmtpServer } from '../helpers/mail';
import { addPerson, domainOf, newOrganisation, requestToJoin } from './org-helpers';

describe('answers that do not tell which addresses have accounts', () => {
  const smtp = startedForSuite(() => startTestSmtpServer());
  const t = appForSuite(() => ({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://mosaic.example.com' } }));

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}${url}`, payload });
  const joinExisting = (email: string, name = 'Someone') =>
    post('/register/with-domain', { email, password: 'another passphrase', name, choice: 'join_existing' });
  const requestsFor = async (email: string) =>
    (await t.database.db.select({ value: count() }).from(joinRequests).where(sql`lower(${joinRequests.email}) = ${email}`))[0]?.value;

  describe('POST /register/with-domain join_existing', () => {
    it('an address with an account gets the same 202 as a new request; no request is filed; its owner is emailed', async () => {
      const owner = await newOrganisation(t, 'Acme Marketing');
      const member = await addPerson(t, owner, 'Mia Member');
      const fresh = await joinExisting(uniqueEmail(domainOf(owner)));

      const requestsBefore = await requestsFor(member.email);
      const notice = smtp.nextMailTo(member.email);
      const known = await joinExisting(member.email);
      expect(known.statusCode).toBe(202);
      expect(known.json()).toEqual(fresh.json());
      expect(known.json()).toEqual({
        message: 'Your request to join Acme Marketing has been sent. An owner or admin must approve it before you can sign in.',
      });
      expect(await requestsFor(member.email)).toBe(requestsBefore);

      const mail = await notice;
      expect(mail.subject).toBe('Someone tried to create a Mosaic account with your email address');
      expect(mail.text).toContain(`Someone just tried to create a new Mosaic account with this email address (${member.email}).`);
      expect(mail.text).toContain('https://mosaic.example.com/login');
      // The account is untouched: the old password still signs in.
      expect((await post('/login', { email: member.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it('an address with a pending request gets the same 202; no second request; its owner is emailed', async () => {
      const owner = await newOrganisation(t, 'Pending Ltd');
      const email = await requestToJoin(t, owner, 'First Asker');
      const notice = smtp.nextMailTo(email);
      const again = await joinExisting(email, 'Second Asker');
      expect(again.statusCode).toBe(202);
      expect(again.json().message).toBe('Your request to join Pending Ltd has been sent. An owner or admin must approve it before you can sign in.');
      const stored = await t.database.db.select().from(joinRequests).where(eq(joinRequests.email, email));
      expect(stored.map((request) => request.name)).toEqual(['First Asker']);

      const mail = await notice;
      expect(mail.subject).toBe('Someone asked again to join an organisation on Mosaic with your email address');
      expect(mail.text).toContain('Someone just asked to join Pending Ltd on Mosaic');
      expect(mail.text).toContain('so no second request was filed');
    });

    it('a domain without an organisation is still 404: that is about the domain, not the address', async () => {
      const response = await joinExisting(uniqueEmail());
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('No organisation found for this email domain');
    });
  });

  describe('POST /register for a taken address', () => {
    it('409 in the same words for an active, a disabled and a platform-admin account; each owner is emailed', async () => {
      const owner = await newOrganisation(t);
      const disabled = await addPerson(t, owner, 'Dee Disabled');
      await t.database.db.update(users).set({ disabled: true }).where(eq(users.email, disabled.email));
      const admin = await addPerson(t, await newOrganisation(t), 'Pat Platform');
      await signInWithRole(t.app, t.database, admin.email, 'system_admin');

      for (const email of [owner.email, disabled.email, admin.email]) {
        const notice = smtp.nextMailTo(email);
        const response = await post('/register', { email: email.toUpperCase(), password: TEST_PASSWORD, name: 'Copycat', org_name: 'Copy Co' });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ detail: 'An account with this email already exists', code: 'CONFLICT' });
        const mail = await notice;
        expect(mail.to).toEqual([email]);
        expect(mail.subject).toBe('Someone tried to create a Mosaic account with your email address');
      }
    });

    it('a new address is not emailed: registering it signs in at once (the documented trade-off)', async () => {
      const email = uniqueEmail();
      const response = await post('/register', { email, password: TEST_PASSWORD, name: 'New Person', org_name: 'New Co' });
      expect(response.statusCode).toBe(201);
      expect(smtp.received.filter((mail) => mail.to.includes(email))).toEqual([]);
    });
  });

  describe('POST /login', () => {
    it('the same 401 for an unknown address, a wrong password, and a suspended account or pending request with a wrong password', async () => {
      const owner = await newOrganisation(t);
      const disabled = await addPerson(t, owner, 'Dee Disabled');
      await t.database.db.update(users).set({ disabled: true }).where(eq(users.email, disabled.email));
      const waiting = await requestToJoin(t, owner, 'Wes Waiting');
      const answers = [
        await post('/login', { email: uniqueEmail(), password: TEST_PASSWORD }),
        await post('/login', { email: owner.email, password: 'not the password' }),
        await post('/login', { email: disabled.email, password: 'not the password' }),
        await post('/login', { email: waiting, password: 'not the password' }),
      ];
      for (const response of answers) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: 'Incorrect email or password', code: 'UNAUTHORIZED' });
      }
    });
  });
});

describe('rate limits on the registration look-ups', () => {
  const LIMIT = 3;
  const t = appForSuite({ env: { AUTH_RATE_LIMIT_MAX: String(LIMIT) } });
  beforeEach(startFreshRateWindow);
  afterEach(() => vi.useRealTimers());

  const get = (url: string, query: Record<string, string>, ip: string) =>
    t.app.inject({ method: 'GET', url: `${API}${url}`, query, remoteAddress: ip });

  it('check-domain and the invitation look-up answer 429 after AUTH_RATE_LIMIT_MAX calls a minute from one address', async () => {
    const cases = [
      ['/register/check-domain', () => ({ email: uniqueEmail() }), '10.20.30.1', 200],
      ['/register/invitation', () => ({ token: 'x'.repeat(43) }), '10.20.30.2', 404],
    ] as const;
    for (const [url, query, ip, status] of cases) {
      for (let attempt = 0; attempt < LIMIT; attempt++) expect((await get(url, query(), ip)).statusCode).toBe(status);
      const blocked = await get(url, query(), ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: 'Too many requests', code: 'RATE_LIMITED' });
      // Another address is not affected.
      expect((await get(url, query(), '10.20.30.99')).statusCode).toBe(status);
    }
  });

  it('look-ups do not use up the attempts to register', async () => {
    const ip = '10.20.30.3';
    for (let attempt = 0; attempt <= LIMIT; attempt++) await get('/register/check-domain', { email: uniqueEmail() }, ip);
    const registered = await t.app.inject({
      method: 'POST',
      url: `${API}/register`,
      payload: { email: uniqueEmail(), password: TEST_PASSWORD, name: 'Ada', org_name: 'Acme' },
      remoteAddress: ip,
    });
    expect(registered.statusCode).toBe(201);
  });
});
