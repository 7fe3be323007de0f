/**
 * Pending invites of an address that now has an account. Every way an account comes into being
 * calls this (registration, join-request approval, accepting an invite), so it sits with the
 * account services rather than in orgs/, which builds on them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { orgInvites } from '../db/schema/index';
import { normaliseEmail } from './users.service';

/**
 * Once an address has an account (it accepted one invite, registered on its own, or a join
 * request for it was approved), its other pending invites can never be accepted: they are revoked
 * (links cleared) so their organisations no longer list them as pending.
 */
export async function retireOtherInvites(db: DbExecutor, email: string, acceptedInviteId?: string): Promise<void> {
  const sameAddress = sql`lower(${orgInvites.email}) = ${normaliseEmail(email)}`;
  const others = acceptedInviteId ? and(sameAddress, sql`${orgInvites.id} <> ${acceptedInviteId}`) : sameAddress;
  await db.update(orgInvites).set({ status: 'revoked', tokenHash: null }).where(and(eq(orgInvites.status, 'pending'), others));
}
