import type { DbExecutor } from '../../db/database';
import { recordDebits, type LedgerEntry, type RelatedTo } from './ledger';
import { insufficientCredits, spendCredits } from './spending';

/** Activity text is cut to 100 characters in deduct details (spec 001 §5). */
export const DEDUCT_DETAILS_MAX_LENGTH = 100;

/** Deduct payload (spec 001 §3) with the caller's scope. */
export interface DeductInput {
  orgId: string;
  spaceId: string;
  userId: string;
  amount: number;
  description?: string | undefined;
  featureType?: string | undefined;
  agentName?: string | undefined;
  agentMode?: string | undefined;
  activityType?: string | undefined;
  activityDetails?: string | undefined;
  relatedTo?: RelatedTo | undefined;
  /** The Idempotency-Key header. */
  idempotencyKey?: string | undefined;
}

export interface DeductResponse {
  success: true;
  credits_remaining: number;
  transaction_id: string;
  credits_charged: number;
  duplicate: boolean;
}

/**
 * The key that makes a deduction happen once: the Idempotency-Key header when sent, else the
 * related object (one charge per chat session or document). Callers charging one object several
 * times (one chat message after another) send an Idempotency-Key per charge.
 */
export function deductionKey(input: Pick<DeductInput, 'idempotencyKey' | 'relatedTo'>): string | undefined {
  if (input.idempotencyKey) return input.idempotencyKey;
  return input.relatedTo ? `related:${input.relatedTo.type}:${input.relatedTo.id}` : undefined;
}

const cut = (text: string | undefined, max: number) => (text === undefined ? null : text.length > max ? text.slice(0, max) : text);

/** POST /billing/credits/deduct: needs an active plan and enough credits; idempotent. */
export async function deductCredits(db: DbExecutor, input: DeductInput, now = new Date()): Promise<DeductResponse> {
  const result = await spendCredits(
    db,
    {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      credits: input.amount,
      baseCredits: input.amount,
      feature: input.featureType ?? 'general',
      activity: cut(input.activityType ?? input.description ?? 'Credits used', DEDUCT_DETAILS_MAX_LENGTH),
      activityDetails: cut(input.activityDetails ?? input.description, DEDUCT_DETAILS_MAX_LENGTH),
      agentName: input.agentName ?? null,
      mode: input.agentMode ?? null,
      relatedTo: input.relatedTo ?? null,
      idempotencyKey: deductionKey(input) ?? null,
    },
    { requireActivePlan: true, insufficient: insufficientCredits },
    now,
  );
  return {
    success: true,
    credits_remaining: result.creditsRemaining,
    transaction_id: result.row.id,
    credits_charged: result.duplicate ? 0 : result.row.credits,
    duplicate: result.duplicate,
  };
}

/** A usage record written by the create calls (transactions, usage breakdown, recent activity). */
export interface UsageRecordInput {
  credits: number;
  feature: string;
  activity?: string | undefined;
  activityDetails?: string | undefined;
  agentName?: string | undefined;
  mode?: string | undefined;
  baseCredits?: number | undefined;
  relatedTo?: RelatedTo | undefined;
}

export interface Scope {
  orgId: string;
  spaceId: string;
  userId: string;
}

function usageEntry(scope: Scope, record: UsageRecordInput): LedgerEntry {
  return {
    ...scope,
    credits: record.credits,
    baseCredits: record.baseCredits ?? record.credits,
    feature: record.feature,
    activity: cut(record.activity, DEDUCT_DETAILS_MAX_LENGTH),
    activityDetails: cut(record.activityDetails, 500),
    agentName: record.agentName ?? null,
    mode: record.mode ?? null,
    relatedTo: record.relatedTo ?? null,
  };
}

/**
 * Records usage as debit rows (the create and bulk-create calls). The ledger stays the only
 * source of balances and reports: a recorded usage is charged like any deduction, all or nothing
 * for a batch. No plan check: these record usage that already happened (e.g. an import).
 */
export async function recordUsage(db: DbExecutor, scope: Scope, records: UsageRecordInput[], now = new Date()) {
  const outcome = await recordDebits(db, scope.orgId, records.map((record) => usageEntry(scope, record)), now);
  if (outcome.kind === 'insufficient') throw insufficientCredits();
  return { rows: outcome.rows, creditsRemaining: outcome.remaining };
}

/** Used for a single create (with an optional Idempotency-Key). */
export async function recordOneUsage(db: DbExecutor, scope: Scope, record: UsageRecordInput, idempotencyKey?: string, now = new Date()) {
  const result = await spendCredits(
    db,
    { ...usageEntry(scope, record), idempotencyKey: idempotencyKey ?? null },
    { requireActivePlan: false, insufficient: insufficientCredits },
    now,
  );
  return { row: result.row, creditsRemaining: result.creditsRemaining, duplicate: result.duplicate };
}
