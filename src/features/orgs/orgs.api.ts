/**
 * Organisation management calls (spec 001 §7), through the contract's routes
 * (src/contract/orgs-routes.ts) and so the one request pipeline.
 */
import { callEndpoint } from '../../api';
import type { InviteInput, OrgRole } from '../../contract/orgs';
import { ORG_ROUTES } from '../../contract/orgs-routes';

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});

/** One page of the members: the first without a cursor, the next with the previous page's `next_cursor`. */
export const fetchMembersPage = (cursor: string | null, signal?: AbortSignal) =>
  callEndpoint(ORG_ROUTES.members, cursor ? { query: { cursor } } : {}, signalOption(signal));

export const putMemberRole = (id: string, role: OrgRole) => callEndpoint(ORG_ROUTES.changeRole, { params: { id }, body: { role } });

export const deleteMember = (id: string): Promise<void> => callEndpoint(ORG_ROUTES.removeMember, { params: { id } });

export const fetchInvites = (signal?: AbortSignal) => callEndpoint(ORG_ROUTES.invites, {}, signalOption(signal)).then((body) => body.invites);

export const postInvite = (input: InviteInput) => callEndpoint(ORG_ROUTES.invite, { body: input });

export const deleteInvite = (id: string): Promise<void> => callEndpoint(ORG_ROUTES.revokeInvite, { params: { id } });

/** A new link for a pending invite (the earlier link stops working; nothing is emailed). */
export const postInviteLink = (id: string) => callEndpoint(ORG_ROUTES.reissueInviteLink, { params: { id } });

/** One page of the pending join requests, oldest first (as fetchMembersPage). */
export const fetchJoinRequestsPage = (cursor: string | null, signal?: AbortSignal) =>
  callEndpoint(ORG_ROUTES.joinRequests, cursor ? { query: { cursor } } : {}, signalOption(signal));

export const putApproveJoinRequest = (id: string) => callEndpoint(ORG_ROUTES.approveJoinRequest, { params: { id } });

export const putDenyJoinRequest = (id: string) => callEndpoint(ORG_ROUTES.denyJoinRequest, { params: { id } });
