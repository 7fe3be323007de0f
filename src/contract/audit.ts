/**
 * The audit log as both sides read it: one entry per thing someone did (who, what, to what, when,
 * from where). The server writes entries in the transaction of the change (server/src/services/audit);
 * organisation owners read their organisation's (GET /orgs/audit) and platform admins everyone's
 * (GET /admin/audit). The log is append-only: the database refuses UPDATE, DELETE and TRUNCATE.
 */
import { z } from 'zod';
import { wireId } from './wire';

/**
 * What each action is called on screen. Keyed by the action's stored name (`area.verb`); the
 * server's closed list of actions (server/src/services/audit/audit.service.ts) must have a label
 * here (tests/server/admin-audit.test.ts checks it). An action the screen does not know (a newer
 * server) is shown by its stored name.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.signed_in': 'Signed in',
  'auth.signed_out': 'Signed out',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.refresh_reuse': 'Refresh-token reuse detected',
  'auth.rate_limited': 'Rate limit hit',
  'auth.sso_sign_in': 'Signed in with single sign-on',
  'account.password_reset': 'Password reset',
  'account.password_changed': 'Password changed',
  'account.email_change_requested': 'Email change requested',
  'account.email_changed': 'Email changed',
  'account.name_changed': 'Name changed',
  'account.session_revoked': 'Device signed out',
  'members.role_changed': 'Role changed',
  'members.removed': 'Member removed',
  'invites.created': 'Invite sent',
  'invites.accepted': 'Invite accepted',
  'invites.revoked': 'Invite withdrawn',
  'invites.link_reissued': 'Invite link reissued',
  'join_requests.approved': 'Join request approved',
  'join_requests.denied': 'Join request denied',
  'org.created': 'Organisation created',
  'org.updated': 'Organisation settings changed',
  'brand_voice.updated': 'Brand voice changed',
  'sso.configured': 'Single sign-on configured',
  'sso.removed': 'Single sign-on removed',
  'domains.claimed': 'Email domain claimed',
  'domains.verified': 'Email domain verified by DNS',
  'domains.review_requested': 'Email domain review requested',
  'domains.claim_conflict': 'Email domain already held elsewhere',
  'domains.approved': 'Email domain approved by Mosaic',
  'domains.rejected': 'Email domain claim rejected by Mosaic',
  'domains.withdrawn': 'Email domain withdrawn by Mosaic',
  'spaces.created': 'Space created',
  'spaces.updated': 'Space changed',
  'spaces.archived': 'Space archived',
  'spaces.restored': 'Space restored',
  'spaces.deleted': 'Space deleted',
  'chats.deleted': 'Chat deleted',
  'chats.restored': 'Chat restored',
  'chats.shared': 'Chat shared by link',
  'chats.share_revoked': 'Chat share link revoked',
  'credits.adjusted': 'Credits adjusted by Mosaic',
  'payments.checkout_completed': 'Payment completed',
  'admin.user_suspended': 'Account suspended',
  'admin.user_reactivated': 'Account reactivated',
  'admin.sessions_revoked': 'Signed out everywhere by Mosaic',
  'admin.password_reset_sent': 'Reset link sent by Mosaic',
};

/** The label of an action, or its stored name when this client does not know it. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

/** The security screen's three lenses on the log (admin Security; docs/admin.md). */
export const SECURITY_ACTIONS = {
  failedSignIns: 'auth.sign_in_failed',
  refreshReuse: 'auth.refresh_reuse',
  rateLimited: 'auth.rate_limited',
} as const;

/** Most entries one page of the log holds. */
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;

export const auditEventSchema = z.object({
  id: wireId,
  occurred_at: z.string(),
  action: z.string(),
  /** Who acted; null for the system or an anonymous caller (a failed sign-in, a rate-limit hit). */
  actor: z.object({ id: z.nullable(wireId), email: z.string().nullable(), role: z.string().nullable() }).nullable(),
  org_id: z.nullable(wireId),
  /** The organisation's current name; null when there is none or it was deleted. */
  org_name: z.string().nullable(),
  /** What was acted on; `label` is its current name when the server still knows it. */
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  ip_address: z.string().nullable(),
  /** Small, secret-free facts: the previous value, an amount, a reason. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** One page, newest first; pass `next_cursor` as `cursor` for the next (older) page. */
export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Filters of the log. Dates are calendar days (YYYY-MM-DD, UTC), both ends included. */
export interface AuditFilters {
  action?: string;
  /** An email, a part of one, or a user id. */
  actor?: string;
  /** An organisation's id or a part of its name (platform admins only). */
  organization?: string;
  from?: string;
  to?: string;
}
