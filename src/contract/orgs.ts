/**
 * Wire types of organisation management (spec 001: GET /orgs/members, PUT /orgs/members/{id}/role,
 * DELETE /orgs/members/{id}, POST /orgs/invites, GET /orgs/join-requests, PUT …/approve, …/deny).
 * Shared by the server's serializers, the client and the tests.
 */
// The answers' schemas are in orgs-schemas.ts: the Register screen loads this file for the
// invitation's texts and limits, without the schema library.
import type { Role } from './auth';

/** The roles a person has inside an organisation, in the order every list shows them (fewest rights first). */
export type OrgRole = Extract<Role, 'org_owner' | 'org_admin' | 'org_member'>;
export const ORG_ROLES = ['org_member', 'org_admin', 'org_owner'] as const satisfies readonly OrgRole[];

/** Roles an invite can give: ownership is handed over by changing a member's role, not by invite. */
export type InviteRole = Exclude<OrgRole, 'org_owner'>;
export const INVITE_ROLES = ['org_member', 'org_admin'] as const satisfies readonly InviteRole[];

export interface OrgMember {
  id: string;
  email: string;
  name: string;
  role: OrgRole;
  /** ISO 8601. */
  joined_at: string;
}

/** People one page of GET /orgs/members holds when the caller does not say, and at most. */
export const ORG_MEMBERS_PAGE_DEFAULT = 100;
export const ORG_MEMBERS_PAGE_MAX = 200;

/**
 * GET /orgs/members: one page of the people, owners first, then admins, then members, each by
 * name; `next_cursor` asks for the next page. `role_counts` counts the whole organisation, so a
 * screen can say how many people there are (and how many owners) before it has read every page.
 */
export interface OrgMembersResponse {
  members: OrgMember[];
  next_cursor: string | null;
  role_counts: Record<OrgRole, number>;
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

export const INVITE_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/**
 * How long an invite (and the link mailed for it) can be used. The one number behind the server's
 * expiry, the invite email and every screen that mentions it.
 */
export const INVITE_TTL_DAYS = 14;

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

/**
 * What became of the invite email: `emailed` (the SMTP server accepted it), `outbox` (this server has
 * no SMTP set up: the message was only written to its outbox folder, nobody was emailed) or
 * `failed` (sending failed; the invite is kept and its link still works).
 */
export type InviteDelivery = 'emailed' | 'outbox' | 'failed';
export const INVITE_DELIVERIES = ['emailed', 'outbox', 'failed'] as const satisfies readonly InviteDelivery[];

/**
 * POST /orgs/invites → the invite, how its email went, and its link. Only this answer carries the
 * link (the server keeps a hash of its secret), so the inviter can copy it now; inviting the
 * address again issues a new link and the old one stops working.
 */
export interface SentInvite extends OrgInvite {
  delivery: InviteDelivery;
  invite_link: string;
}

/** GET /register/invitation?token=… → what the Register screen shows for an invite link. */
export interface InvitationPreview {
  organization_name: string;
  role: InviteRole;
  email: string;
  expires_at: string;
}

/**
 * Most pending invites an organisation holds at once (not yet accepted, revoked or expired): an
 * invite past it is refused (409 PENDING_INVITES_LIMIT) until one is withdrawn, accepted or
 * expires, so GET /orgs/invites is bounded by it. Inviting an address again refreshes its pending
 * invite and is never refused by it.
 */
export const ORG_PENDING_INVITES_MAX = 200;
export const PENDING_INVITES_LIMIT_CODE = 'PENDING_INVITES_LIMIT';
export const PENDING_INVITES_LIMIT_TEXT = `This organisation already has ${ORG_PENDING_INVITES_MAX} pending invites, the most it can have at once. Withdraw invites nobody will accept, or wait for some to be accepted, then invite again.`;

/** GET /orgs/invites (pending ones, newest first). */
export interface OrgInvitesResponse {
  invites: OrgInvite[];
}

export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** A request made at registration with choice join_existing (spec 000 §3). */
export interface JoinRequest {
  id: string;
  email: string;
  name: string;
  status: JoinRequestStatus;
  created_at: string;
  decided_at: string | null;
}

/** Requests one page of GET /orgs/join-requests holds when the caller does not say, and at most. */
export const JOIN_REQUESTS_PAGE_DEFAULT = 50;
export const JOIN_REQUESTS_PAGE_MAX = 100;

/**
 * GET /orgs/join-requests: one page of the pending requests, oldest first; `next_cursor` asks for
 * the next page; `pending_count` counts every pending request, whatever pages have been read.
 */
export interface JoinRequestsResponse {
  join_requests: JoinRequest[];
  next_cursor: string | null;
  pending_count: number;
}

/** POST /orgs/invites/{id}/link → a new link for a pending invite (see orgs-schemas.ts). */
export interface ReissuedInviteLink {
  invite_link: string;
  expires_at: string;
}

/**
 * GET /orgs/contacts answers at most this many of the organisation's owners and admins, owners
 * first, each by name: a few people to ask, not a directory (Manage Users lists everyone).
 */
export const ORG_CONTACTS_MAX = 20;

/** GET /orgs/contacts: one of the organisation's owners and admins, for everyone in it (Help & Support). */
export interface OrgContact {
  name: string;
  email: string;
  role: 'org_owner' | 'org_admin';
}
