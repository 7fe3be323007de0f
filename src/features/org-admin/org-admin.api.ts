/** Organisation management calls (spec 001 §7), all through the one request pipeline. */
import { http } from '../../api';
import type {
  ChangeRoleInput,
  InviteInput,
  JoinRequestsResponse,
  OrgInvitesResponse,
  OrgMember,
  OrgMembersResponse,
  OrgRole,
  ReissuedInviteLink,
  SentInvite,
} from '../../contract/orgs';

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});
const at = (id: string) => encodeURIComponent(id);

export const fetchMembers = (signal?: AbortSignal) =>
  http.get<OrgMembersResponse>('/orgs/members', signalOption(signal)).then((body) => body.members);

export const putMemberRole = (id: string, role: OrgRole) =>
  http.put<OrgMember>(`/orgs/members/${at(id)}/role`, { role } satisfies ChangeRoleInput);

export const deleteMember = (id: string) => http.delete<void>(`/orgs/members/${at(id)}`);

export const fetchInvites = (signal?: AbortSignal) =>
  http.get<OrgInvitesResponse>('/orgs/invites', signalOption(signal)).then((body) => body.invites);

export const postInvite = (input: InviteInput) => http.post<SentInvite>('/orgs/invites', input);

export const deleteInvite = (id: string) => http.delete<void>(`/orgs/invites/${at(id)}`);

/** A new link for a pending invite (the earlier link stops working; nothing is emailed). */
export const postInviteLink = (id: string) => http.post<ReissuedInviteLink>(`/orgs/invites/${at(id)}/link`, {});

export const fetchJoinRequests = (signal?: AbortSignal) =>
  http.get<JoinRequestsResponse>('/orgs/join-requests', signalOption(signal)).then((body) => body.join_requests);

export const putApproveJoinRequest = (id: string) => http.put<unknown>(`/orgs/join-requests/${at(id)}/approve`);

export const putDenyJoinRequest = (id: string) => http.put<unknown>(`/orgs/join-requests/${at(id)}/deny`);
