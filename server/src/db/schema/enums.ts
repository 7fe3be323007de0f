import { pgEnum } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../../src/contract/auth';
import { INVITE_STATUSES, JOIN_REQUEST_STATUSES } from '../../../../src/contract/orgs';

/** Every role of spec 000 §6: the contract's list, so the database enum and the wire agree. */
export { INVITE_STATUSES, JOIN_REQUEST_STATUSES, ROLES };

export const roleEnum = pgEnum('user_role', ROLES);

export const joinRequestStatusEnum = pgEnum('join_request_status', JOIN_REQUEST_STATUSES);

/**
 * Plan types: a free plan starts as a trial (spec 001 §1). The paid catalogue (starter, pro,
 * business) is in services/billing/plan-catalogue.ts; 'enterprise' is kept because PostgreSQL
 * enum values cannot be dropped, and is not offered.
 */
export const PLAN_TYPES = ['free', 'starter', 'pro', 'enterprise', 'business'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const planTypeEnum = pgEnum('plan_type', PLAN_TYPES);

export const inviteStatusEnum = pgEnum('invite_status', INVITE_STATUSES);

/** 'google' is the real Google Analytics; 'demo' the embedded source used without OAuth credentials. */
export const GA4_PROVIDERS = ['google', 'demo'] as const;
export const ga4ProviderEnum = pgEnum('ga4_provider', GA4_PROVIDERS);
