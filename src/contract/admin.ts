/**
 * The platform admin area (/admin/*, docs/admin.md): what the server answers and what the screens
 * send. Support admins read everything here; only system admins act (suspend, reactivate, sign out
 * everywhere, send a reset link, adjust credits), and every action needs a reason and is audited.
 */
import { z } from 'zod';
import { PASSWORD_RESET_TTL_MINUTES } from './account';
import { ROLES, type Role } from './auth';
import { wireId } from './wire';

/** Roles that may open the admin area, and the one that may act in it. */
export const ADMIN_READ_ROLES = ['system_admin', 'support_admin'] as const satisfies readonly Role[];
export const ADMIN_ACT_ROLES = ['system_admin'] as const satisfies readonly Role[];

/** Said by the server (403) and by the screens beside a disabled action. */
export const ADMIN_TEXTS = {
  readOnly: 'Support admins can look but not act: ask a system admin to do this.',
  adminsOnly: 'Only platform admins can open the admin area',
  cannotActOnSelf: 'You cannot suspend or sign out your own account here: use Settings',
  cannotActOnSystemAdmin: 'A system admin account is changed only with npm run admin:create on the server',
  suspendedGetsNoResetLink: 'This account is suspended: reactivate it before sending a reset link',
  userNotFound: 'User not found',
  organisationNotFound: 'Organisation not found',
  resetLinkEmailed: (email: string) =>
    `A password reset link was emailed to ${email}. It works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
  resetLinkInOutbox: (email: string) =>
    `No mail server is set up, so the reset link for ${email} was written to the server's outbox folder (DATA_DIR/outbox) instead of being emailed. It works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
  resetLinkNotSent: 'The reset link could not be emailed: the mail server refused it. Nothing else changed; try again in a moment.',
} as const;

/** A reason is asked for every action; it goes to the audit log (and the ledger for credits). */
export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;
export const reasonField = z
  .string({ error: 'Give a reason: it is kept in the audit log' })
  .trim()
  .min(REASON_MIN_LENGTH, `Give a reason of at least ${REASON_MIN_LENGTH} characters: it is kept in the audit log`)
  .max(REASON_MAX_LENGTH, `The reason must be at most ${REASON_MAX_LENGTH} characters`);

export const reasonBodySchema = z.object({ reason: reasonField });
export type ReasonBody = z.infer<typeof reasonBodySchema>;

/** Largest single credit adjustment, either way (the billing ledger's own limit). */
export const MAX_ADJUSTMENT_CREDITS = 1_000_000;
export const creditAdjustmentBodySchema = z.object({
  amount: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be a whole number of credits')
    .min(-MAX_ADJUSTMENT_CREDITS, 'Amount must be at least -1,000,000')
    .max(MAX_ADJUSTMENT_CREDITS, 'Amount must be at most 1,000,000')
    .refine((amount) => amount !== 0, 'Amount cannot be 0'),
  reason: reasonField,
});
export type CreditAdjustmentBody = z.infer<typeof creditAdjustmentBodySchema>;

// --- Dashboard

export const jobQueueHealthSchema = z.object({
  name: z.string(),
  /** Waiting to start (new, or failed and waiting for a retry). */
  waiting: z.number().int(),
  active: z.number().int(),
  /** Failed for good (no retries left) in the last 24 hours. */
  failed_24h: z.number().int(),
  completed_24h: z.number().int(),
  /** When the oldest waiting job was created; null when nothing waits. */
  oldest_waiting_at: z.string().nullable(),
});
export type JobQueueHealth = z.infer<typeof jobQueueHealthSchema>;

export const FAILURE_KINDS = ['document', 'run', 'job'] as const;
export const failureSchema = z.object({
  kind: z.enum(FAILURE_KINDS),
  id: z.string(),
  at: z.string(),
  /** The document's file name, the agent, or the job's queue. */
  title: z.string(),
  /** The error as recorded. */
  detail: z.string().nullable(),
  org_id: z.nullable(wireId),
  org_name: z.string().nullable(),
});
export type Failure = z.infer<typeof failureSchema>;

export const adminOverviewSchema = z.object({
  generated_at: z.string(),
  organizations: z.object({ total: z.number().int(), new_30d: z.number().int() }),
  users: z.object({
    total: z.number().int(),
    suspended: z.number().int(),
    platform_admins: z.number().int(),
    new_30d: z.number().int(),
    /** Signed in or refreshed a session in the period (the app in use). */
    active_7d: z.number().int(),
    active_30d: z.number().int(),
  }),
  /** Credits spent (debits less refunds) in the last 30 days, and all time. */
  credits: z.object({ used_30d: z.number().int(), used_total: z.number().int() }),
  documents: z.object({ total: z.number().int(), processing: z.number().int(), failed: z.number().int() }),
  /**
   * Agent runs (chat replies), counted from the runs themselves: started in 30 days, queued or
   * running now, answered in 24 hours, failed in 7 days. Most runs are answered by the server that
   * took the message and never pass through the agent-run job queue, whose counts are lower.
   */
  runs: z.object({ last_30d: z.number().int(), open: z.number().int(), done_24h: z.number().int(), failed_7d: z.number().int() }),
  jobs: z.object({ queues: z.array(jobQueueHealthSchema) }),
  /** The latest failed documents, runs and jobs, newest first. */
  failures: z.array(failureSchema),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

// --- Users

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const adminUserSchema = z.object({
  id: wireId,
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  org_id: z.nullable(wireId),
  org_name: z.string().nullable(),
  created_at: z.string(),
  /** Latest sign-in or session refresh; null if never. */
  last_active_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminDeviceSchema = z.object({
  id: wireId,
  created_at: z.string(),
  last_used_at: z.string(),
  user_agent: z.string().nullable(),
  ip_address: z.string().nullable(),
});
export type AdminDevice = z.infer<typeof adminDeviceSchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  last_sign_in_at: z.string().nullable(),
  devices: z.array(adminDeviceSchema),
  /** The latest suspension while the account is suspended: when, by whom, why. */
  suspension: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string().nullable() }).nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const resetLinkSentSchema = z.object({ message: z.string() });

export interface AdminUserQuery {
  q?: string;
  /** One organisation's people (its id). */
  organization?: string;
  role?: Role;
  status?: UserStatus;
  limit?: number;
  offset?: number;
}

// --- Organisations

export const adminOrgPlanSchema = z.object({
  type: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  expires_at: z.string().nullable(),
});

export const adminOrganizationSchema = z.object({
  id: wireId,
  name: z.string(),
  email_domain: z.string().nullable(),
  created_at: z.string(),
  plan: adminOrgPlanSchema.nullable(),
  members: z.number().int(),
  spaces: z.number().int(),
  credits_remaining: z.number().int().nullable(),
});
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;

export const adminOrganizationPageSchema = z.object({ organizations: z.array(adminOrganizationSchema), total: z.number().int() });
export type AdminOrganizationPage = z.infer<typeof adminOrganizationPageSchema>;

export const adminLedgerEntrySchema = z.object({
  id: wireId,
  created_at: z.string(),
  transaction_type: z.string(),
  /** Signed: what the entry did to the balance. */
  credits: z.number().int(),
  balance_after: z.number().int(),
  feature: z.string(),
  activity: z.string().nullable(),
  activity_details: z.string().nullable(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

/**
 * An organisation's detail holds its first ADMIN_DETAIL_LIST_MAX spaces (default first, then by
 * name) and members (owners, admins, members, each by name); `spaces` and `members` count them all,
 * and the Users list filtered by the organisation (`organization` = its id) pages through everyone.
 */
export const ADMIN_DETAIL_LIST_MAX = 50;

export const adminOrganizationDetailSchema = adminOrganizationSchema.extend({
  credits: z.object({ used: z.number().int(), total: z.number().int(), remaining: z.number().int(), reset_date: z.string() }).nullable(),
  ledger: z.array(adminLedgerEntrySchema),
  space_list: z.array(
    z.object({
      id: wireId,
      name: z.string(),
      slug: z.string(),
      is_default: z.boolean(),
      archived: z.boolean(),
      created_at: z.string(),
      documents: z.number().int(),
    }),
  ),
  member_list: z.array(
    z.object({
      id: wireId,
      name: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
      status: z.enum(USER_STATUSES),
      last_active_at: z.string().nullable(),
    }),
  ),
});
export type AdminOrganizationDetail = z.infer<typeof adminOrganizationDetailSchema>;

export const creditAdjustedSchema = z.object({
  transaction_id: wireId,
  credits_added: z.number().int(),
  credits_remaining: z.number().int(),
});
export type CreditAdjusted = z.infer<typeof creditAdjustedSchema>;

// --- Security

export const securityCountSchema = z.object({ last_24h: z.number().int(), last_7d: z.number().int() });
export const adminSecuritySummarySchema = z.object({
  failed_sign_ins: securityCountSchema,
  refresh_reuse: securityCountSchema,
  rate_limited: securityCountSchema,
  /** Addresses with the most failed sign-ins in the last 24 hours. */
  top_failing_addresses: z.array(z.object({ ip_address: z.string(), count: z.number().int() })),
});
export type AdminSecuritySummary = z.infer<typeof adminSecuritySummarySchema>;
