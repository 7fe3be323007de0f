/** The audit entries of what a platform admin did (docs/admin.md): the admin is the actor, from the request's address. */
import type { DbExecutor } from '../../db/database';
import { recordAudit, type AuditEvent } from '../audit/audit.service';
import type { UserRow } from '../users.service';

/** The platform admin behind a request: their account and the address the request came from. */
export interface AdminCaller {
  user: UserRow;
  ipAddress: string | null;
}

export function recordAdminAudit(db: DbExecutor, admin: AdminCaller, event: Omit<AuditEvent, 'actor' | 'ipAddress'>): Promise<void> {
  return recordAudit(db, { ...event, actor: { userId: admin.user.id, email: admin.user.email, role: admin.user.role }, ipAddress: admin.ipAddress });
}
