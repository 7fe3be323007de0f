/**
 * The platform admin dashboard: how many organisations and people, how many were active, credits
 * spent, documents and agent runs, how the job queue is doing, and what failed lately. A handful
 * of aggregate queries; nothing here is per organisation.
 */
import { and, count, countDistinct, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AdminOverview, Failure } from '../../../../src/contract/admin';
import type { DbExecutor } from '../../db/database';
import { agentRuns, creditTransactions, kbDocuments, organizations, refreshTokens, spaces, users } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/job-queue';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Each kind contributes at most this many of the latest failures; the list shows the newest overall. */
const FAILURES_PER_KIND = 5;
const FAILURES_SHOWN = 10;

const since = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
/** A moment inside raw SQL, as text cast by the database (the same on PGlite and node-postgres). */
const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;
const countIf = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Credits spent: debits less the refunds that gave some back. */
const spentCredits = sql<number>`coalesce(sum(case ${creditTransactions.transactionType} when 'debit' then ${creditTransactions.credits} when 'refund' then -${creditTransactions.credits} else 0 end), 0)`.mapWith(Number);

async function peopleFigures(db: DbExecutor, now: Date) {
  const [people] = await db
    .select({
      total: count(),
      suspended: countIf(sql`${users.disabled}`),
      platformAdmins: countIf(sql`${users.role} in ('system_admin', 'support_admin')`),
      new30: countIf(sql`${users.createdAt} >= ${at(since(now, 30))}`),
    })
    .from(users);
  // Every sign-in and every refresh (a tab in use refreshes every quarter of an hour) writes a row.
  const active = async (days: number) =>
    (await db.select({ value: countDistinct(refreshTokens.userId) }).from(refreshTokens).where(gte(refreshTokens.createdAt, since(now, days))))[0]?.value ?? 0;
  return { people: people!, active7: await active(7), active30: await active(30) };
}

async function latestFailures(db: DbExecutor, jobs: JobQueue): Promise<Failure[]> {
  const documents = await db
    .select({ id: kbDocuments.id, at: kbDocuments.updatedAt, title: kbDocuments.filename, detail: kbDocuments.errorMessage, orgId: organizations.id, orgName: organizations.name })
    .from(kbDocuments)
    .innerJoin(spaces, eq(spaces.id, kbDocuments.spaceId))
    .innerJoin(organizations, eq(organizations.id, spaces.orgId))
    .where(eq(kbDocuments.status, 'error'))
    .orderBy(desc(kbDocuments.updatedAt))
    .limit(FAILURES_PER_KIND);
  const runs = await db
    .select({ id: agentRuns.id, at: agentRuns.updatedAt, title: agentRuns.agentSlug, detail: agentRuns.error, orgId: organizations.id, orgName: organizations.name })
    .from(agentRuns)
    .innerJoin(organizations, eq(organizations.id, agentRuns.orgId))
    .where(eq(agentRuns.status, 'failed'))
    .orderBy(desc(agentRuns.updatedAt))
    .limit(FAILURES_PER_KIND);
  const failedJobs = await jobs.recentFailures(FAILURES_PER_KIND);
  const all: Failure[] = [
    ...documents.map((row) => ({ kind: 'document' as const, id: row.id, at: row.at.toISOString(), title: row.title, detail: row.detail, org_id: row.orgId, org_name: row.orgName })),
    ...runs.map((row) => ({ kind: 'run' as const, id: row.id, at: row.at.toISOString(), title: `${row.title} agent run`, detail: row.detail, org_id: row.orgId, org_name: row.orgName })),
    ...failedJobs.map((job) => ({ kind: 'job' as const, id: job.id, at: job.failedAt.toISOString(), title: job.name, detail: job.message, org_id: null, org_name: null })),
  ];
  return all.sort((a, b) => b.at.localeCompare(a.at)).slice(0, FAILURES_SHOWN);
}

export async function adminOverview(db: DbExecutor, jobs: JobQueue, now = new Date()): Promise<AdminOverview> {
  const [orgs] = await db.select({ total: count(), new30: countIf(sql`${organizations.createdAt} >= ${at(since(now, 30))}`) }).from(organizations);
  const { people, active7, active30 } = await peopleFigures(db, now);
  const [credits] = await db
    .select({ total: spentCredits, last30: sql<number>`coalesce(sum(case when ${creditTransactions.createdAt} >= ${at(since(now, 30))} then (case ${creditTransactions.transactionType} when 'debit' then ${creditTransactions.credits} when 'refund' then -${creditTransactions.credits} else 0 end) else 0 end), 0)`.mapWith(Number) })
    .from(creditTransactions)
    .where(inArray(creditTransactions.transactionType, ['debit', 'refund']));
  const [documents] = await db
    .select({ total: count(), processing: countIf(sql`${kbDocuments.status} in ('uploading', 'processing')`), failed: countIf(sql`${kbDocuments.status} = 'error'`) })
    .from(kbDocuments);
  const [runs] = await db
    .select({
      last30: countIf(sql`${agentRuns.createdAt} >= ${at(since(now, 30))}`),
      open: countIf(sql`${agentRuns.status} in ('queued', 'running')`),
      // Answered, wherever it ran: in the process that took the message, or from the agent-run queue.
      done24: countIf(and(eq(agentRuns.status, 'succeeded'), gte(agentRuns.updatedAt, since(now, 1)))!),
      failed7: countIf(and(eq(agentRuns.status, 'failed'), gte(agentRuns.updatedAt, since(now, 7)))!),
    })
    .from(agentRuns);
  const queues = await jobs.health(24);
  return {
    generated_at: now.toISOString(),
    organizations: { total: orgs!.total, new_30d: orgs!.new30 },
    users: {
      total: people.total,
      suspended: people.suspended,
      platform_admins: people.platformAdmins,
      new_30d: people.new30,
      active_7d: active7,
      active_30d: active30,
    },
    credits: { used_30d: credits?.last30 ?? 0, used_total: credits?.total ?? 0 },
    documents: { total: documents!.total, processing: documents!.processing, failed: documents!.failed },
    runs: { last_30d: runs!.last30, open: runs!.open, done_24h: runs!.done24, failed_7d: runs!.failed7 },
    jobs: {
      queues: queues.map((queue) => ({
        name: queue.name,
        waiting: queue.waiting,
        active: queue.active,
        failed_24h: queue.failed,
        completed_24h: queue.completed,
        oldest_waiting_at: queue.oldestWaitingAt?.toISOString() ?? null,
      })),
    },
    failures: await latestFailures(db, jobs),
  };
}
