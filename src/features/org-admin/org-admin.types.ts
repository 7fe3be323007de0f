/**
 * Wire types of organisation management (spec 001: GET /orgs/members, PUT /orgs/members/{id}/role,
 * DELETE /orgs/members/{id}, POST /orgs/invites, GET /orgs/join-requests, PUT …/approve, …/deny).
 * Shared by the server's serializers, the client and the tests.
 */
import type { Role } from '../auth/auth.types';

/** The roles a person has inside an organisation. */
export type OrgRole = Extract<Role, 'org_owner' | 'org_admin' | 'org_member'>;
export const ORG_ROLES: readonly OrgRole[] = ['org_owner', 'org_admin', 'org_member'];

/** Roles an invite can give: ownership is handed over by changing a member's role, not by invite. */
export type InviteRole = Exclude<OrgRole, 'org_owner'>;
export const INVITE_ROLES: readonly InviteRole[] = ['org_admin', 'org_member'];

export interface OrgMember {
  id: string;
  email: string;
  name: string;
  role: OrgRole;
  /** ISO 8601. */
  joined_at: string;
}

/** GET /orgs/members */
export interface OrgMembersResponse {
  members: OrgMember[];
}

/** PUT /orgs/members/{id}/role → the updated member. */
export interface ChangeRoleInput {
  role: OrgRole;
}

/** POST /orgs/invites */
export interface InviteInput {
  email: string;
  role: InviteRole;
}

export type InviteStatus = 'pending' | 'accepted' | 'revoked';

export interface OrgInvite {
  id: string;
  email: string;
  role: InviteRole;
  status: InviteStatus;
  /** Name of whoever sent it, null if that account is gone. */
  invited_by: string | null;
  created_at: string;
  expires_at: string;
}

/** GET /orgs/invites (pending ones, newest first). */
export interface OrgInvitesResponse {
  invites: OrgInvite[];
}

export type JoinRequestStatus = 'pending' | 'approved' | 'denied';

/** A request made at registration with choice join_existing (spec 000 §3). */
export interface JoinRequest {
  id: string;
  email: string;
  name: string;
  status: JoinRequestStatus;
  created_at: string;
  decided_at: string | null;
}

/** GET /orgs/join-requests (pending ones, oldest first). */
export interface JoinRequestsResponse {
  join_requests: JoinRequest[];
}
