/**
 * The platform admin area's calls (docs/admin.md), through the contract's routes
 * (src/contract/admin-routes.ts) and so the one request pipeline.
 */
import { callEndpoint } from '../../api';
import type { AdminUserQuery, CreditAdjustmentBody, ReasonBody } from '../../contract/admin';
import { ADMIN_ROUTES } from '../../contract/admin-routes';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchOverview = (signal?: AbortSignal) => callEndpoint(ADMIN_ROUTES.overview, {}, withSignal(signal));
export const fetchSecuritySummary = (signal?: AbortSignal) => callEndpoint(ADMIN_ROUTES.security, {}, withSignal(signal));

export const fetchUsers = (query: AdminUserQuery, signal?: AbortSignal) => callEndpoint(ADMIN_ROUTES.users, { query: { ...query } }, withSignal(signal));
export const fetchUser = (id: string, signal?: AbortSignal) => callEndpoint(ADMIN_ROUTES.user, { params: { id } }, withSignal(signal));

export type UserAction = 'suspend' | 'reactivate' | 'sign-out';
const USER_ACTIONS = { suspend: ADMIN_ROUTES.suspendUser, reactivate: ADMIN_ROUTES.reactivateUser, 'sign-out': ADMIN_ROUTES.signOutUser } as const;
export const postUserAction = (id: string, action: UserAction, body: ReasonBody) => callEndpoint(USER_ACTIONS[action], { params: { id }, body });
export const postResetLink = (id: string) => callEndpoint(ADMIN_ROUTES.sendResetLink, { params: { id } });

export const fetchOrganizations = (query: { q?: string; limit: number; offset: number }, signal?: AbortSignal) =>
  callEndpoint(ADMIN_ROUTES.organizations, { query: { ...query } }, withSignal(signal));
export const fetchOrganization = (id: string, signal?: AbortSignal) => callEndpoint(ADMIN_ROUTES.organization, { params: { id } }, withSignal(signal));
export const postCreditAdjustment = (id: string, body: CreditAdjustmentBody) => callEndpoint(ADMIN_ROUTES.adjustCredits, { params: { id }, body });

export const fetchDomainClaimsToReview = (signal?: AbortSignal) => callEndpoint(ADMIN_ROUTES.domainClaims, {}, withSignal(signal));
export type DomainDecisionAction = 'approve' | 'reject';
const DOMAIN_DECISIONS = { approve: ADMIN_ROUTES.approveDomainClaim, reject: ADMIN_ROUTES.rejectDomainClaim } as const;
export const postDomainDecision = (id: string, action: DomainDecisionAction, body: ReasonBody) =>
  callEndpoint(DOMAIN_DECISIONS[action], { params: { id }, body });
