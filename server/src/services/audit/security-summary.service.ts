/**
 * The platform's security signals at a glance (admin Security screen): failed sign-ins,
 * refresh-token reuse detections and rate-limit refusals over the last day and week, and the
 * addresses failing to sign in most. All of them are audit-log entries (sessions.service.ts,
 * plugins/rate-limit.ts), so the screen's lists are the log filtered by these actions.
 */
import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { AdminSecuritySummary } from '../../../../src/contract/admin';
import { SECURITY_ACTIONS } from '../../../../src/contract/audit';
import type { DbExecutor } from '../../db/database';
import { auditEvents } from '../../db/schema/index';

const HOUR_MS = 60 * 60 * 1000;

export async function securitySummary(db: DbExecutor, now = new Date()): Promise<AdminSecuritySummary> {
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  const weekAgo = new Date(now.getTime() - 7 * 24 * HOUR_MS);
  const counted = await db
    .select({
      action: auditEvents.action,
      lastDay: sql<number>`count(*) filter (where ${auditEvents.occurredAt} >= ${dayAgo.toISOString()}::timestamptz)`.mapWith(Number),
      lastWeek: count(),
    })
    .from(auditEvents)
    .where(and(sql`${auditEvents.action} in (${sql.join(Object.values(SECURITY_ACTIONS).map((action) => sql`${action}`), sql`, `)})`, gte(auditEvents.occurredAt, weekAgo)))
    .groupBy(auditEvents.action);
  const of = (action: string) => {
    const row = counted.find((candidate) => candidate.action === action);
    return { last_24h: row?.lastDay ?? 0, last_7d: row?.lastWeek ?? 0 };
  };
  const addresses = await db
    .select({ ip: auditEvents.ipAddress, hits: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, SECURITY_ACTIONS.failedSignIns), gte(auditEvents.occurredAt, dayAgo), isNotNull(auditEvents.ipAddress)))
    .groupBy(auditEvents.ipAddress)
    .orderBy(desc(count()), auditEvents.ipAddress)
    .limit(5);
  return {
    failed_sign_ins: of(SECURITY_ACTIONS.failedSignIns),
    refresh_reuse: of(SECURITY_ACTIONS.refreshReuse),
    rate_limited: of(SECURITY_ACTIONS.rateLimited),
    top_failing_addresses: addresses.map((row) => ({ ip_address: row.ip ?? '', count: row.hits })),
  };
}
