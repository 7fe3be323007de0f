/**
 * How one audit entry reads on screen: who did it, to what, and the facts worth a glance. The
 * entries' `details` are small and vary by action; the ones people look for are spelt out here,
 * the rest shown as "key: value".
 */
import { auditActionLabel, type AuditEvent } from '../../contract/audit';
import { formatNumber } from '../../contract/format';

const PLATFORM_ROLES = new Set(['system_admin', 'support_admin']);

export const SIGN_IN_FAILURE_REASONS: Record<string, string> = {
  wrong_password: 'wrong password',
  unknown_email: 'no account with this address',
  account_suspended: 'account suspended',
  join_request_pending: 'join request not yet approved',
};

/** 'Ada Owner <ada@…>' style: the email when known; staff not named to owners read 'Mosaic staff'. */
export function actorLabel(event: AuditEvent): string {
  if (!event.actor) return event.action === 'auth.sign_in_failed' || event.action === 'auth.rate_limited' ? 'Anonymous' : 'System';
  if (event.actor.email) return event.actor.email;
  if (event.actor.role && PLATFORM_ROLES.has(event.actor.role)) return 'Mosaic staff';
  return 'Deleted account';
}

export function targetLabel(event: AuditEvent): string | null {
  if (!event.target) return null;
  if (event.target.label) return event.target.label;
  const email = typeof event.details.email === 'string' ? event.details.email : null;
  if (email && event.target.type === 'user') return email;
  const name = typeof event.details.name === 'string' ? event.details.name : null;
  return name ?? `${event.target.type.replace(/_/g, ' ')} ${event.target.id.slice(0, 8)}`;
}

const text = (value: unknown): string => {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value);
};

/** The facts of an entry as short phrases, e.g. ['Reason: Ticket 812', 'Devices signed out: 2']. */
export function detailPhrases(event: AuditEvent): string[] {
  const details = event.details;
  switch (event.action) {
    case 'auth.sign_in_failed':
      return [`Address typed: ${text(details.email)}`, `Why: ${SIGN_IN_FAILURE_REASONS[text(details.reason)] ?? text(details.reason)}`];
    case 'auth.rate_limited':
      return [`Route: ${text(details.route)}`, `Limit: ${text(details.max)} a minute (${text(details.limit)})`];
    case 'members.role_changed':
      return [`From ${text(details.from)} to ${text(details.to)}`];
    case 'credits.adjusted': {
      const amount = typeof details.amount === 'number' ? details.amount : 0;
      return [`${amount > 0 ? '+' : '−'}${formatNumber(Math.abs(amount))} credits`, `Reason: ${text(details.reason)}`, `Balance after: ${text(details.balance_after)}`];
    }
    case 'brand_voice.updated':
      return [`${text(details.characters)} characters`];
    default:
      return Object.entries(details)
        .filter(([key, value]) => key !== 'email' && key !== 'user_agent' && value !== null && value !== undefined)
        .map(([key, value]) => `${key.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase())}: ${text(value)}`);
  }
}

export { auditActionLabel };
