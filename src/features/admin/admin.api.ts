/** The platform admin area's calls (docs/admin.md), all through the one request pipeline. */
import { http } from '../../api';
import type {
  AdminOrganizationDetail,
  AdminOrganizationPage,
  AdminOverview,
  AdminSecuritySummary,
  AdminUserDetail,
  AdminUserPage,
  AdminUserQuery,
  CreditAdjusted,
  CreditAdjustmentBody,
  ReasonBody,
} from '../../contract/admin';
import type { MessageAnswer } from '../../contract/account';
import type { AdminDomainClaim, AdminDomainClaimList } from '../../contract/domain-claims';

const at = (id: string) => encodeURIComponent(id);
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchOverview = (signal?: AbortSignal) => http.get<AdminOverview>('/admin/overview', withSignal(signal));
export const fetchSecuritySummary = (signal?: AbortSignal) => http.get<AdminSecuritySummary>('/admin/security', withSignal(signal));

export const fetchUsers = (query: AdminUserQuery, signal?: AbortSignal) =>
  http.get<AdminUserPage>('/admin/users', { query: { ...query }, ...withSignal(signal) });
export const fetchUser = (id: string, signal?: AbortSignal) => http.get<AdminUserDetail>(`/admin/users/${at(id)}`, withSignal(signal));

export type UserAction = 'suspend' | 'reactivate' | 'sign-out';
export const postUserAction = (id: string, action: UserAction, body: ReasonBody) => http.post<AdminUserDetail>(`/admin/users/${at(id)}/${action}`, body);
export const postResetLink = (id: string) => http.post<MessageAnswer>(`/admin/users/${at(id)}/password-reset`);

export const fetchOrganizations = (query: { q?: string; limit: number; offset: number }, signal?: AbortSignal) =>
  http.get<AdminOrganizationPage>('/admin/organizations', { query: { ...query }, ...withSignal(signal) });
export const fetchOrganization = (id: string, signal?: AbortSignal) => http.get<AdminOrganizationDetail>(`/admin/organizations/${at(id)}`, withSignal(signal));
export const postCreditAdjustment = (id: string, body: CreditAdjustmentBody) => http.post<CreditAdjusted>(`/admin/organizations/${at(id)}/credits`, body);

export const fetchDomainClaimsToReview = (signal?: AbortSignal) => http.get<AdminDomainClaimList>('/admin/domain-claims', withSignal(signal));
export type DomainDecisionAction = 'approve' | 'reject';
export const postDomainDecision = (id: string, action: DomainDecisionAction, body: ReasonBody) =>
  http.post<AdminDomainClaim>(`/admin/domain-claims/${at(id)}/${action}`, body);
