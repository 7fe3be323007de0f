/**
 * Agent Mode (docs/agent-mode.md): a run is a goal carried out as a plan of steps in the background.
 * Space-scoped like chats. A run is claimed by one worker at a time under a lease; `claims` is the
 * claim's fencing token (every write of a worker applies only while its claim holds).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AgentModeRunStatus, AgentModeStepStatus, AttachedAsset, PauseReason, ReferencedDocument, StepActivity, StepKind } from '../../../../src/contract/agent-mode';
import type { ChatMode } from '../../../../src/contract/chat';
import { users } from './users';
import { spaceOwnedColumns } from './space-owned';

export const agentModeRuns = pgTable(
  'agent_mode_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...spaceOwnedColumns(),
    // Who started it; kept when that person leaves (the run belongs to the space).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    goal: text('goal').notNull(),
    agents: jsonb('agents').$type<string[]>().notNull(),
    mode: text('mode').$type<ChatMode>().notNull(),
    /** Documents the goal refers to, with their names as they were (to say which one went missing). */
    referencedDocuments: jsonb('referenced_documents').$type<ReferencedDocument[]>().notNull().default([]),
    /**
     * Creative assets the goal carries, with their names and kinds as they were (to show on the run,
     * and to say which one went missing). A snapshot rather than a link table: the run keeps saying
     * what it carried after an asset is deleted, as it does for documents.
     */
    attachedAssets: jsonb('attached_assets').$type<AttachedAsset[]>().notNull().default([]),
    status: text('status').$type<AgentModeRunStatus>().notNull().default('awaiting_approval'),
    pauseReason: text('pause_reason').$type<PauseReason>(),
    pauseRequested: boolean('pause_requested').notNull().default(false),
    statusMessage: text('status_message'),
    /** The engine chosen when the run was made ('offline/mosaic-offline-1'). */
    engine: text('engine').notNull(),
    /** Claims so far: the fencing token of the current claim. */
    claims: integer('claims').notNull().default(0),
    /** Until when the worker holding it may keep it without renewing; expired → another may resume it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    deliverable: text('deliverable').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('agent_mode_runs_space_created_idx').on(table.spaceId, table.createdAt),
    // The recovery sweep looks only at runs that should be moving.
    index('agent_mode_runs_moving_idx').on(table.status).where(sql`${table.status} in ('queued', 'running')`),
    check(
      'agent_mode_runs_status_check',
      sql`${table.status} in ('awaiting_approval', 'queued', 'running', 'waiting_for_answer', 'paused', 'succeeded', 'failed', 'cancelled')`,
    ),
  ],
);

export const agentModeSteps = pgTable(
  'agent_mode_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => agentModeRuns.id, { onDelete: 'cascade' }),
    /** 1-based order in the plan. */
    position: integer('position').notNull(),
    kind: text('kind').$type<StepKind>().notNull(),
    agentSlug: text('agent_slug').notNull(),
    title: text('title').notNull(),
    instruction: text('instruction').notNull(),
    status: text('status').$type<AgentModeStepStatus>().notNull().default('pending'),
    /** What the step wrote; while it runs, saved every few hundred ms by the worker (the stream hub). */
    output: text('output').notNull().default(''),
    question: text('question'),
    answer: text('answer'),
    /** The person chose to go on without answering. */
    answerSkipped: boolean('answer_skipped').notNull().default(false),
    error: text('error'),
    credits: integer('credits').notNull(),
    /** The debit of this step's charge (refunded when the step fails or the run is cancelled first). */
    transactionId: text('transaction_id'),
    refunded: boolean('refunded').notNull().default(false),
    /** Times the step was started; past AGENT_RUN_MAX_ATTEMPTS it fails with a refund. */
    attempts: integer('attempts').notNull().default(0),
    activity: jsonb('activity').$type<StepActivity[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agent_mode_steps_run_position_unique').on(table.runId, table.position),
    check('agent_mode_steps_status_check', sql`${table.status} in ('pending', 'running', 'waiting', 'succeeded', 'failed', 'cancelled')`),
  ],
);
