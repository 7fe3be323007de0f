/**
 * The audit log: one append-only table of who did what to what, when and from where
 * (db/schema/security.ts). Services record an event in the same transaction as the change it
 * describes, so the log never claims a change that was rolled back, nor misses one that committed.
 */
import type { DbExecutor } from '../../db/database';
import { auditEvents } from '../../db/schema/index';

/**
 * Every action the log knows, named `area.verb`. A closed list, so a screen can filter by action
 * and a typo fails to compile rather than writing an event nobody finds.
 */
export const AUDIT_ACTIONS = [
  'auth.refresh_reuse',
  'auth.rate_limited',
  'credits.adjusted',
  'payments.checkout_completed',
  'invites.created',
  'invites.accepted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a signed-in user (their email and role are copied so the entry outlives the account), or nobody. */
export interface AuditActor {
  userId: string | null;
  email?: string | null;
  role?: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  actor: AuditActor | null;
  /** The organisation concerned (null for platform-wide events). */
  orgId?: string | null;
  target?: { type: string; id: string } | null;
  /** Client address as Fastify resolved it (honours TRUST_PROXY). */
  ipAddress?: string | null;
  /** Small, secret-free facts about the event (amounts, reasons, the previous value). */
  details?: Record<string, unknown>;
}

export async function recordAudit(db: DbExecutor, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    action: event.action,
    actorUserId: event.actor?.userId ?? null,
    actorEmail: event.actor?.email ?? null,
    actorRole: event.actor?.role ?? null,
    orgId: event.orgId ?? null,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    ipAddress: event.ipAddress ?? null,
    details: event.details ?? {},
  });
}
