import { and, desc, eq, gte, ne, sql, sum, count } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { creditTransactions, users } from '../../db/schema/index';
import { ADJUSTMENT_FEATURE } from './adjustments.service';

import type { UsageBreakdown, UsageBreakdownItem, UsageGroup } from '../../../../src/contract/billing';
import type { ActivityItem } from '../../../../src/contract/billing';

// The wire shapes are the client's own types, so the two cannot drift apart.
export type { UsageBreakdown, UsageBreakdownItem, UsageGroup };

const FEATURE_LABELS: Record<string, string> = { chat: 'AI agent chats', general: 'General', knowledge: 'Knowledge base', analytics: 'Analytics', agent_mode: 'Agent Mode' };

function labelFor(group: UsageGroup, key: string | null): string {
  if (group === 'agent') return key ?? 'Without an agent';
  if (key === null) return 'Other';
  return FEATURE_LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/[_-]+/g, ' ');
}

/**
 * Credits spent, grouped by feature or by agent (GET /billing/analytics/usage-breakdown): the
 * completed debits of the period, straight from the ledger. Refunded debits and admin corrections
 * do not count.
 */
export async function usageBreakdown(db: DbExecutor, orgId: string, group: UsageGroup, period: string, since: Date | undefined): Promise<UsageBreakdown> {
  const column = group === 'agent' ? creditTransactions.agentName : creditTransactions.feature;
  const conditions = [
    eq(creditTransactions.orgId, orgId),
    eq(creditTransactions.transactionType, 'debit'),
    eq(creditTransactions.status, 'completed'),
    // A platform admin's correction lowers the balance but is not usage.
    ne(creditTransactions.feature, ADJUSTMENT_FEATURE),
    ...(since ? [gte(creditTransactions.createdAt, since)] : []),
  ];
  const rows = await db
    .select({ key: column, credits: sum(creditTransactions.credits).mapWith(Number), transactions: count() })
    .from(creditTransactions)
    .where(and(...conditions))
    .groupBy(column)
    .orderBy(desc(sql`sum(${creditTransactions.credits})`));
  const total = rows.reduce((all, row) => all + row.credits, 0);
  return {
    period,
    group_by: group,
    total_credits_used: total,
    breakdown: rows.map((row) => ({
      key: row.key,
      label: labelFor(group, row.key),
      credits: row.credits,
      transactions: row.transactions,
      percentage: total > 0 ? Math.round((row.credits / total) * 1000) / 10 : 0,
    })),
  };
}

/** The latest movements with who made them (GET /billing/analytics/recent-activity). */
export async function recentActivity(db: DbExecutor, orgId: string, limit: number): Promise<{ activities: ActivityItem[] }> {
  const rows = await db
    .select({ row: creditTransactions, userName: users.name })
    .from(creditTransactions)
    .leftJoin(users, eq(users.id, creditTransactions.userId))
    .where(eq(creditTransactions.orgId, orgId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(limit);
  return {
    activities: rows.map(({ row, userName }) => ({
      id: row.id,
      activity: row.activity ?? labelFor('feature', row.feature),
      feature: row.feature,
      agent_name: row.agentName,
      credits: row.credits,
      transaction_type: row.transactionType,
      status: row.status,
      user_name: userName,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
