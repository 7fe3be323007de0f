/** The audit entries of what someone did to a chat (deleted, restored, shared, a link revoked). */
import type { Role } from '../../../../src/contract/auth';
import type { DbExecutor } from '../../db/database';
import { recordAudit, type AuditAction } from '../audit/audit.service';

/** Someone acting on a chat of their organisation's space, from the request that asked. */
export interface ChatActor {
  userId: string;
  role: Role;
  orgId: string;
  ipAddress?: string | null;
}

export function recordChatAudit(db: DbExecutor, actor: ChatActor, action: AuditAction, sessionId: string, details?: Record<string, unknown>): Promise<void> {
  return recordAudit(db, {
    action,
    actor: { userId: actor.userId, role: actor.role },
    orgId: actor.orgId,
    target: { type: 'chat_session', id: sessionId },
    ipAddress: actor.ipAddress ?? null,
    ...(details ? { details } : {}),
  });
}
