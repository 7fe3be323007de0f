/**
 * Join requests (spec 000 §3, choice join_existing): filed at registration, waited on at sign-in,
 * listed and decided by the organisation's owners and admins (GET /orgs/join-requests, PUT
 * …/approve and …/deny). Every step of a request lives here, from filing to the decision.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { isOrgManagerRole } from '../../../src/contract/auth';
import type { JoinRequest, JoinRequestsResponse } from '../../../src/contract/orgs';
import type { Db, DbExecutor } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { isUuid } from '../db/ids';
import { decodeCursor, pageOf } from '../db/keyset-cursor';
import { joinRequests, organizations, users } from '../db/schema/index';
import { AppError, MESSAGES, conflict, forbidden, notFound } from '../errors';
import type { AuthClaims } from './access-tokens';
import { recordAudit } from './audit/audit.service';
import { retireOtherInvites } from './pending-invites';
import { emailHasAccount, normaliseEmail, type UserRow } from './users.service';

export type JoinRequestRow = typeof joinRequests.$inferSelect;
export type JoinRequestStatus = JoinRequestRow['status'];

export interface NewJoinRequest {
  orgId: string;
  email: string;
  name: string;
  passwordHash: string;
}

/** Public view of a request (never the password hash). */
export interface JoinRequestView {
  id: string;
  org_id: string;
  email: string;
  name: string;
  status: JoinRequestStatus;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** The wire shape of spec 001's members screen (no organisation id, no decider). */
export function toJoinRequest(view: JoinRequestView): JoinRequest {
  return {
    id: view.id,
    email: view.email,
    name: view.name,
    status: view.status,
    created_at: view.created_at,
    decided_at: view.decided_at,
  };
}

export function toJoinRequestView(row: JoinRequestRow): JoinRequestView {
  return {
    id: row.id,
    org_id: row.orgId,
    email: row.email,
    name: row.name,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: row.decidedBy,
  };
}

/**
 * State machine: a request is created `pending`; an owner or admin of its organisation moves it
 * once to `approved` (which creates the org_member account) or `denied`. Decided requests are final.
 */
export async function createJoinRequest(db: DbExecutor, input: NewJoinRequest): Promise<JoinRequestView> {
  const email = normaliseEmail(input.email);
  if (await emailHasAccount(db, email)) throw conflict(MESSAGES.emailTaken);
  try {
    const [row] = await db
      .insert(joinRequests)
      .values({ orgId: input.orgId, email, name: input.name, passwordHash: input.passwordHash })
      .returning();
    if (!row) throw new Error('join request insert returned no row');
    return toJoinRequestView(row);
  } catch (error) {
    if (isUniqueViolation(error, 'join_requests_pending_email_unique')) throw conflict(MESSAGES.joinRequestPending);
    throw error;
  }
}

/** The address's pending request with its organisation's name (at most one: unique index), for sign-in. */
export async function findPendingJoinRequest(
  db: DbExecutor,
  email: string,
): Promise<{ orgName: string; passwordHash: string } | undefined> {
  const [row] = await db
    .select({ orgName: organizations.name, passwordHash: joinRequests.passwordHash })
    .from(joinRequests)
    .innerJoin(organizations, eq(organizations.id, joinRequests.orgId))
    .where(and(sql`lower(${joinRequests.email}) = ${normaliseEmail(email)}`, eq(joinRequests.status, 'pending')))
    .limit(1);
  return row;
}

const ORDERS = {
  newestFirst: [desc(joinRequests.createdAt)],
  // The queue the owners and admins work through: first come, first decided.
  oldestFirst: [asc(joinRequests.createdAt), asc(joinRequests.id)],
};

/** The organisation's requests (of one status, when given), newest first unless asked otherwise. */
export async function listJoinRequests(
  db: DbExecutor,
  orgId: string,
  status?: JoinRequestStatus,
  order: keyof typeof ORDERS = 'newestFirst',
): Promise<JoinRequestView[]> {
  const rows = await db
    .select()
    .from(joinRequests)
    .where(status ? and(eq(joinRequests.orgId, orgId), eq(joinRequests.status, status)) : eq(joinRequests.orgId, orgId))
    .orderBy(...ORDERS[order]);
  return rows.map(toJoinRequestView);
}

/** The microsecond timestamp as text, identical on PGlite and PostgreSQL: the cursor must not lose precision. */
const createdText = sql<string>`to_char(${joinRequests.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * GET /orgs/join-requests: one page of the organisation's pending requests, oldest first (the
 * queue owners and admins work through), keyed by (created_at, id) and read from
 * join_requests_pending_queue_idx; with how many are pending in all.
 */
export async function listPendingJoinRequests(db: DbExecutor, orgId: string, query: { cursor?: string | undefined; limit: number }): Promise<JoinRequestsResponse> {
  const after = query.cursor ? decodeCursor(query.cursor, ['time', 'uuid']) : undefined;
  const pendingHere = and(eq(joinRequests.orgId, orgId), eq(joinRequests.status, 'pending'));
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: joinRequests, created: createdText })
      .from(joinRequests)
      .where(and(pendingHere, after ? sql`(${joinRequests.createdAt}, ${joinRequests.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined))
      .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id))
      .limit(query.limit + 1),
    db.select({ value: count() }).from(joinRequests).where(pendingHere),
  ]);
  const page = pageOf(rows, query.limit, (row) => [row.created, row.request.id]);
  return {
    join_requests: page.rows.map((row) => toJoinRequest(toJoinRequestView(row.request))),
    next_cursor: page.next_cursor,
    pending_count: total?.value ?? 0,
  };
}

/**
 * Only owners and admins of the request's own organisation may decide it. Ids are not checked
 * before this: a malformed id is 'Join request not found' like an unknown one.
 */
async function lockDecidableRequest(db: DbExecutor, requestId: string, decider: AuthClaims): Promise<JoinRequestRow> {
  if (!isOrgManagerRole(decider.role) || !decider.orgId) throw forbidden(MESSAGES.onlyManagersDecideJoinRequests);
  if (!isUuid(requestId)) throw notFound(MESSAGES.joinRequestNotFound);
  const [row] = await db
    .select()
    .from(joinRequests)
    .where(and(eq(joinRequests.id, requestId), eq(joinRequests.orgId, decider.orgId)))
    .for('update')
    .limit(1);
  // Another organisation's request is reported as missing, not as forbidden.
  if (!row) throw notFound(MESSAGES.joinRequestNotFound);
  if (row.status !== 'pending') throw conflict(MESSAGES.joinRequestDecided);
  return row;
}

/** Approval creates the org_member account; the person can then sign in. */
export async function approveJoinRequest(
  db: Db,
  requestId: string,
  decider: AuthClaims,
  ipAddress: string | null = null,
): Promise<{ request: JoinRequestView; user: UserRow }> {
  try {
    return await db.transaction(async (tx) => {
      const request = await lockDecidableRequest(tx, requestId, decider);
      const [user] = await tx
        .insert(users)
        .values({
          email: request.email,
          name: request.name,
          passwordHash: request.passwordHash,
          role: 'org_member',
          orgId: request.orgId,
        })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      await retireOtherInvites(tx, request.email);
      const decided = await markDecided(tx, request.id, 'approved', decider.userId);
      await auditDecision(tx, 'join_requests.approved', request, decider, ipAddress, user.id);
      return { request: decided, user };
    });
  } catch (error) {
    // The email got an account some other way since the request was filed.
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw conflict(MESSAGES.emailTaken);
    throw error;
  }
}

export async function denyJoinRequest(db: Db, requestId: string, decider: AuthClaims, ipAddress: string | null = null): Promise<JoinRequestView> {
  return db.transaction(async (tx) => {
    const request = await lockDecidableRequest(tx, requestId, decider);
    const decided = await markDecided(tx, request.id, 'denied', decider.userId);
    await auditDecision(tx, 'join_requests.denied', request, decider, ipAddress);
    return decided;
  });
}

/** Who decided whose request; an approval names the account it created. */
function auditDecision(
  tx: DbExecutor,
  action: 'join_requests.approved' | 'join_requests.denied',
  request: JoinRequestRow,
  decider: AuthClaims,
  ipAddress: string | null,
  createdUserId?: string,
) {
  return recordAudit(tx, {
    action,
    actor: { userId: decider.userId },
    orgId: request.orgId,
    target: createdUserId ? { type: 'user', id: createdUserId } : { type: 'join_request', id: request.id },
    ipAddress,
    details: { email: request.email, name: request.name },
  });
}

async function markDecided(
  db: DbExecutor,
  id: string,
  status: Exclude<JoinRequestStatus, 'pending'>,
  decidedBy: string,
): Promise<JoinRequestView> {
  const [row] = await db
    .update(joinRequests)
    .set({ status, decidedAt: sql`now()`, decidedBy })
    .where(eq(joinRequests.id, id))
    .returning();
  if (!row) throw new AppError(500, MESSAGES.internal, 'INTERNAL_ERROR');
  return toJoinRequestView(row);
}
