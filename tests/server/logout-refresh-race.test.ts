import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../src/contract/account';
import { openDatabase, type Database } from '../../server/src/db/database';
import { API, authHeaders, createTestApp, login, registerOwner, testEngine, type RegisteredOwner, type TestApp } from '../helpers/server';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../helpers/server-database';
import { until } from '../helpers/wait-until';
import { withCommitHolds, type CommitHolds } from './commit-holds';

interface TokenPair {
  access_token: string;
  refresh_token: string;
}

type Kind = 'logout' | 'refresh';

/** Sessions raced per order with both requests simply sent at once: their interleaving varies from one to the next. */
const ROUNDS = 10;

describe(`signing out while the same session refreshes (${testEngine})`, () => {
  let target: TestDatabaseTarget;
  let database: Database;
  let commits: CommitHolds;
  /** PostgreSQL only: a session of the test's own, to see the app's requests waiting on each other's locks. */
  let operator: pg.Client | undefined;
  let t: TestApp;
  let owner: RegisteredOwner;

  beforeAll(async () => {
    target = await createTestDatabaseTarget();
    database = await openDatabase(target.target);
    commits = withCommitHolds(database);
    if (target.target.kind === 'postgres') {
      operator = new pg.Client({ connectionString: target.target.url });
      await operator.connect();
    }
    t = await createTestApp({ database: commits.database });
    owner = await registerOwner(t.app);
  });
  afterAll(async () => {
    await t.close();
    await operator?.end();
    await database.close();
    await target.dispose();
  });

  const send = (kind: Kind, token: string) => t.app.inject({ method: 'POST', url: `${API}/${kind}`, payload: { refresh_token: token } });
  /** The account's signed-in devices, as the account settings screen lists them. */
  async function devices(): Promise<string[]> {
    const response = await t.app.inject({ method: 'GET', url: `${API}/account/sessions`, headers: authHeaders(owner.access_token) });
    expect(response.statusCode).toBe(200);
    return response.json<{ sessions: AccountSession[] }>().sessions.map((session) => session.id);
  }

  /**
   * What the web app can act on: the refresh either rotated (200, a token pair) or found the
   * session already ended (401 'Invalid refresh token', which sends the person to sign-in).
   */
  function expectHandledRefresh(response: LightMyRequestResponse): void {
    if (response.statusCode === 200) {
      expect(response.json<TokenPair>()).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
    } else {
      expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({
        status: 401,
        body: { detail: 'Invalid refresh token', code: expect.any(String) },
      });
    }
  }

  /** After the race: signed out for good. Neither token may refresh, and the device is no longer listed. */
  async function expectSignedOut(signedOut: string, refreshed: LightMyRequestResponse, devicesBefore: string[]): Promise<void> {
    const handedOut = refreshed.statusCode === 200 ? [refreshed.json<TokenPair>().refresh_token] : [];
    for (const token of [signedOut, ...handedOut]) {
      const again = await send('refresh', token);
      expect(again.statusCode, 'a refresh after signing out').toBe(401);
    }
    expect(await devices(), "the account's devices").toEqual(devicesBefore);
  }

  /**
   * Whether the second request is waiting for a lock the held transaction has. PGlite runs one
   * transaction at a time, so there every query of the second request waits behind it anyway.
   */
  async function secondWaitsOnLock(): Promise<boolean> {
    if (!operator) return true;
    const { rows } = await operator.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
    return rows.length > 0;
  }

  const orders: Array<{ first: Kind; second: Kind; refreshAnswers: number }> = [
    // The family is revoked and still locked when the refresh arrives: it must find it ended.
    { first: 'logout', second: 'refresh', refreshAnswers: 401 },
    // The rotation has stored a successor, not yet committed, when the sign-out arrives: the
    // sign-out must wait for it and revoke the successor too.
    { first: 'refresh', second: 'logout', refreshAnswers: 200 },
  ];

  for (const { first, second, refreshAnswers } of orders) {
    it(`${first} first, its transaction still open when the ${second} arrives: the session ends`, async () => {
      const devicesBefore = await devices();
      const session = await login(t.app, owner.email);
      const held = commits.hold(() => send(first, session.refresh_token));
      await held.waiting;
      const late = send(second, session.refresh_token);
      let lateAnswered = false;
      void late.then(() => (lateAnswered = true));
      await until(`the ${second} waiting on the ${first}'s locks (or answering)`, async () => lateAnswered || (await secondWaitsOnLock()));
      held.release();
      const answers = { [first]: await held.response, [second]: await late } as Record<Kind, LightMyRequestResponse>;

      expect(answers.logout.statusCode).toBe(204);
      expectHandledRefresh(answers.refresh);
      expect(answers.refresh.statusCode).toBe(refreshAnswers);
      await expectSignedOut(session.refresh_token, answers.refresh, devicesBefore);
    });

    it(`${first} sent first, both at once: the session ends, whichever wins`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const devicesBefore = await devices();
        const session = await login(t.app, owner.email);
        const [sentFirst, sentSecond] = await Promise.all([send(first, session.refresh_token), send(second, session.refresh_token)]);
        const answers = { [first]: sentFirst, [second]: sentSecond } as Record<Kind, LightMyRequestResponse>;

        expect(answers.logout.statusCode, `round ${round}`).toBe(204);
        expectHandledRefresh(answers.refresh);
        await expectSignedOut(session.refresh_token, answers.refresh, devicesBefore);
      }
    });
  }
});
