/**
 * The audit log: one append-only table of who did what to what, when and from where
 * (db/schema/security.ts). Services record an event in the same transaction as the change it
 * describes, so the log never claims a change that was rolled back, nor misses one that committed.
 */
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { auditEvents, users } from '../../db/schema/index';

/**
 * Every action the log knows, named `area.verb`. A closed list, so a screen can filter by action
 * and a typo fails to compile rather than writing an event nobody finds.
 */
export const AUDIT_ACTIONS = [
  'auth.refresh_reuse',
  'auth.rate_limited',
  // Sign-in and sign-out (services/sessions.service.ts).
  'auth.signed_in',
  'auth.signed_out',
  'auth.sign_in_failed',
  // Platform admin actions (services/admin/); credits.adjusted below is one too.
  'admin.user_suspended',
  'admin.user_reactivated',
  'admin.sessions_revoked',
  'admin.password_reset_sent',
  // Membership and organisation changes not recorded elsewhere.
  'org.created',
  'members.role_changed',
  'members.removed',
  'invites.revoked',
  'join_requests.approved',
  'join_requests.denied',
  'spaces.created',
  'brand_voice.updated',
  'credits.adjusted',
  'payments.checkout_completed',
  'invites.created',
  'invites.accepted',
  'account.password_reset',
  'account.password_changed',
  'account.email_change_requested',
  'account.email_changed',
  'account.name_changed',
  'account.session_revoked',
  'chats.deleted',
  'chats.restored',
  'chats.shared',
  'chats.share_revoked',
  'org.updated',
  'spaces.updated',
  'spaces.archived',
  'spaces.restored',
  'spaces.deleted',
  'auth.sso_sign_in',
  'sso.configured',
  'sso.removed',
  'invites.link_reissued',
  // Email domain claims (services/domains/, services/admin/domain-claims.service.ts).
  'domains.claimed',
  'domains.verified',
  'domains.review_requested',
  'domains.claim_conflict',
  'domains.approved',
  'domains.rejected',
  'domains.withdrawn',
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

/**
 * Appends one entry. An actor given by id alone gets its email and role copied from the user row
 * (in the same transaction), so the entry still says who it was after the account is gone.
 */
export async function recordAudit(db: DbExecutor, event: AuditEvent): Promise<void> {
  const actor = await completeActor(db, event.actor);
  await db.insert(auditEvents).values({
    action: event.action,
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    actorRole: actor?.role ?? null,
    orgId: event.orgId ?? null,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    ipAddress: event.ipAddress ?? null,
    details: event.details ?? {},
  });
}

/** Someone acting inside their organisation: who they are and which organisation it is. */
export interface OrganisationActor {
  userId: string;
  email: string;
  role: string;
  orgId: string;
}

/** recordAudit for an action someone took in their own organisation: they are the actor, it is the organisation. */
export function recordOrganisationAudit(db: DbExecutor, by: OrganisationActor, event: Omit<AuditEvent, 'actor' | 'orgId'>): Promise<void> {
  return recordAudit(db, { ...event, actor: { userId: by.userId, email: by.email, role: by.role }, orgId: by.orgId });
}

async function completeActor(db: DbExecutor, actor: AuditActor | null): Promise<AuditActor | null> {
  if (!actor?.userId || (actor.email && actor.role)) return actor;
  const [row] = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, actor.userId)).limit(1);
  return { userId: actor.userId, email: actor.email ?? row?.email ?? null, role: actor.role ?? row?.role ?? null };
}

/** Who made a request, for services that record it: the caller's id (email and role are looked up) and address. */
export interface AuditContext {
  actor: AuditActor;
  ipAddress: string | null;
}
