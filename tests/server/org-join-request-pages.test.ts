/**
 * GET /orgs/join-requests a page at a time (docs/scale.md "Every list has a bound"): the pending
 * requests, oldest first, each once across the pages (requests filed in the same microsecond
 * included), with how many are pending on every page.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOIN_REQUESTS_PAGE_MAX, type JoinRequestsResponse } from '../../src/contract/orgs';
import { joinRequests } from '../../server/src/db/schema/index';
import { appForSuite } from '../helpers/suite-fixtures';
import { call, newOrganisation } from './org-helpers';

describe('GET /orgs/join-requests pages', () => {
  const t = appForSuite();

  const page = async (token: string, query: string) => {
    const response = await call(t, 'GET', `/orgs/join-requests${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<JoinRequestsResponse>();
  };

  it('reads every pending request once, oldest first, and counts them on each page', async () => {
    const owner = await newOrganisation(t, 'Queue Org');
    const orgId = owner.user.org_id!;
    const domain = owner.email.split('@')[1];
    // Minutes ago; two filed in the very same microsecond, and one already decided (not listed).
    const filed = [
      ['Ann', '50 minutes'],
      ['Ben', '40 minutes'],
      ['Cat', '30 minutes'],
      ['Dan', '30 minutes'],
      ['Eve', '20 minutes'],
    ] as const;
    const at = sql`date_trunc('second', now())`;
    await t.database.db.insert(joinRequests).values([
      ...filed.map(([name, ago]) => ({ orgId, name, email: `${name.toLowerCase()}@${domain}`, passwordHash: 'not-used', createdAt: sql`${at} - ${ago}::interval` })),
      { orgId, name: 'Old Decided', email: `old@${domain}`, passwordHash: 'not-used', status: 'denied' as const },
    ]);

    const first = await page(owner.access_token, '?limit=2');
    expect(first.join_requests.map((r) => r.name)).toEqual(['Ann', 'Ben']);
    expect(first.pending_count).toBe(5);
    const second = await page(owner.access_token, `?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    const third = await page(owner.access_token, `?limit=2&cursor=${encodeURIComponent(second.next_cursor!)}`);
    expect(second.join_requests.map((r) => r.name).sort()).toEqual(['Cat', 'Dan']);
    expect(third.join_requests.map((r) => r.name)).toEqual(['Eve']);
    expect(third.next_cursor).toBeNull();
    expect(third.pending_count).toBe(5);

    const whole = await page(owner.access_token, '');
    expect(whole.join_requests.map((r) => r.name)).toEqual([...first.join_requests, ...second.join_requests, ...third.join_requests].map((r) => r.name));
    expect(whole.next_cursor).toBeNull();
  });

  it('refuses a page over the maximum, and a cursor that is not one of its own', async () => {
    const owner = await newOrganisation(t, 'Refusing Queue Org');
    const tooMany = await call(t, 'GET', `/orgs/join-requests?limit=${JOIN_REQUESTS_PAGE_MAX + 1}`, owner.access_token);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual([{ field: 'limit', message: `Limit must be at most ${JOIN_REQUESTS_PAGE_MAX}` }]);
    // A cursor whose time is not a time, and one of another list's shape (a member's key).
    const notATime = Buffer.from(JSON.stringify(['yesterday', '6f1c0a7e-1f3b-4c55-9d2e-0a4b5c6d7e8f'])).toString('base64url');
    const foreign = await call(t, 'GET', `/orgs/join-requests?cursor=${notATime}`, owner.access_token);
    expect(foreign.statusCode).toBe(422);
    const memberKey = Buffer.from(JSON.stringify([2, 'ann', 'ann@example.com', '6f1c0a7e-1f3b-4c55-9d2e-0a4b5c6d7e8f'])).toString('base64url');
    expect((await call(t, 'GET', `/orgs/join-requests?cursor=${memberKey}`, owner.access_token)).statusCode).toBe(422);
  });
});
