import { pgEnum } from 'drizzle-orm/pg-core';
import type { Role } from '../../../../src/contract/auth';

/** Every role of spec 000 §6; `satisfies` keeps this list and the shared Role type in step. */
export const ROLES = ['system_admin', 'support_admin', 'org_owner', 'org_admin', 'org_member'] as const satisfies readonly Role[];
type MissingRole = Exclude<Role, (typeof ROLES)[number]>;
// Fails to compile if the shared Role type gains a value this list lacks.
const _everyRoleListed: MissingRole extends never ? true : never = true;
void _everyRoleListed;

export const roleEnum = pgEnum('user_role', ROLES);

export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export const joinRequestStatusEnum = pgEnum('join_request_status', JOIN_REQUEST_STATUSES);

/**
 * Plan types: a free plan starts as a trial (spec 001 §1). The paid catalogue (starter, pro,
 * business) is in services/billing/plan-catalogue.ts; 'enterprise' is kept because PostgreSQL
 * enum values cannot be dropped, and is not offered.
 */
export const PLAN_TYPES = ['free', 'starter', 'pro', 'enterprise', 'business'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const planTypeEnum = pgEnum('plan_type', PLAN_TYPES);

export const INVITE_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export const inviteStatusEnum = pgEnum('invite_status', INVITE_STATUSES);

/** 'google' is the real Google Analytics; 'demo' the embedded source used without OAuth credentials. */
export const GA4_PROVIDERS = ['google', 'demo'] as const;
export const ga4ProviderEnum = pgEnum('ga4_provider', GA4_PROVIDERS);
