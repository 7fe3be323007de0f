import { and, asc, eq } from 'drizzle-orm';
import type { JoinRequest } from '../../../../src/contract/orgs';
import type { Db, DbExecutor } from '../../db/database';
import { joinRequests } from '../../db/schema/index';
import { MESSAGES, notFound } from '../../errors';
import { approveJoinRequest, denyJoinRequest, type JoinRequestView } from '../join-requests.service';
import { isUuid } from '../../db/ids';
import { type OrgManager } from './org-manager';

/** The wire shape of spec 001's members screen (no organisation id, no decider). */
export function toJoinRequest(view: Pick<JoinRequestView, keyof JoinRequest>): JoinRequest {
  return {
    id: view.id,
    email: view.email,
    name: view.name,
    status: view.status,
    created_at: view.created_at,
    decided_at: view.decided_at,
  };
}

/** Pending requests of the organisation, oldest first (first come, first decided). */
export async function listPendingJoinRequests(db: DbExecutor, orgId: string): Promise<JoinRequest[]> {
  const rows = await db
    .select()
    .from(joinRequests)
    .where(and(eq(joinRequests.orgId, orgId), eq(joinRequests.status, 'pending')))
    .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id));
  return rows.map((row) =>
    toJoinRequest({
      id: row.id,
      email: row.email,
      name: row.name,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      decided_at: row.decidedAt?.toISOString() ?? null,
    }),
  );
}

const claimsOf = (manager: OrgManager) => ({ userId: manager.userId, role: manager.role, orgId: manager.orgId });

/** Approval creates the org_member account (join-requests.service); the person can then sign in. */
export async function approveRequest(db: Db, manager: OrgManager, requestId: string, ipAddress: string | null = null): Promise<JoinRequest> {
  if (!isUuid(requestId)) throw notFound(MESSAGES.joinRequestNotFound);
  const { request } = await approveJoinRequest(db, requestId, claimsOf(manager), ipAddress);
  return toJoinRequest(request);
}

export async function denyRequest(db: Db, manager: OrgManager, requestId: string, ipAddress: string | null = null): Promise<JoinRequest> {
  if (!isUuid(requestId)) throw notFound(MESSAGES.joinRequestNotFound);
  return toJoinRequest(await denyJoinRequest(db, requestId, claimsOf(manager), ipAddress));
}
