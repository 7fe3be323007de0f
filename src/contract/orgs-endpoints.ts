/**
 * The organisation endpoints (spec 001 §7; docs/server.md "Organisation management"): members,
 * invites and join requests for the organisation's owners and admins, its owners and admins as
 * contacts for everyone in it, and its activity log for its owners. Methods and paths are in
 * orgs-routes.ts.
 */
import { z } from 'zod';
import { auditPageSchema } from './audit';
import { auditQuerySchema } from './audit-query';
import type { EndpointDeclaration } from './endpoint';
import { JOIN_REQUESTS_PAGE_DEFAULT, JOIN_REQUESTS_PAGE_MAX, ORG_MEMBERS_PAGE_DEFAULT, ORG_MEMBERS_PAGE_MAX } from './orgs';
import { keysetPageQuery } from './page-query';
import {
  changeRoleBody,
  inviteBody,
  joinRequestSchema,
  joinRequestsPageSchema,
  orgContactsSchema,
  orgInviteSchema,
  orgMemberSchema,
  orgMembersPageSchema,
  reissuedInviteLinkSchema,
  sentInviteSchema,
} from './orgs-schemas';

/** Ids are checked by the services, which answer 404 for malformed and unknown ones alike. */
const idParams = z.object({ id: z.string() });

const common = { tags: ['organisation'], auth: 'bearer' } as const;
/** Approving and denying answer alike: the request as decided. */
const decided = { ...common, params: idParams, answers: { 200: joinRequestSchema }, errors: [401, 403, 404, 409] } as const;

export const ORG_DECLARATIONS = {
  members: {
    ...common,
    summary: "Members of the caller's organisation, a page at a time: owners, then admins, then members, each by name; with how many people of each role it has",
    query: keysetPageQuery(ORG_MEMBERS_PAGE_DEFAULT, ORG_MEMBERS_PAGE_MAX),
    answers: { 200: orgMembersPageSchema },
    errors: [401, 403, 422],
  },
  changeRole: {
    ...common,
    summary: "Change a member's role (not your own; the owner role only by an owner; one owner always stays)",
    params: idParams,
    body: changeRoleBody,
    answers: { 200: orgMemberSchema },
    errors: [401, 403, 404, 409, 422],
  },
  removeMember: {
    ...common,
    summary: 'Remove a member: deletes the account and signs it out; its chats and documents stay',
    params: idParams,
    answers: { 204: z.null() },
    errors: [401, 403, 404, 409],
  },
  invite: {
    ...common,
    summary:
      'Invite an email address as admin or member and email it (inviting it again refreshes the pending invite with a new link). The answer is the same whether or not the address has an account; limited per inviter, organisation and address per hour (429), and to ORG_PENDING_INVITES_MAX pending invites an organisation (409 PENDING_INVITES_LIMIT)',
    body: inviteBody,
    answers: { 201: sentInviteSchema },
    errors: [401, 403, 409, 422, 429],
  },
  invites: {
    ...common,
    summary: 'Pending invites that have not expired, newest first: at most ORG_PENDING_INVITES_MAX, the most an organisation can have',
    answers: { 200: z.object({ invites: z.array(orgInviteSchema) }) },
    errors: [401, 403],
  },
  reissueInviteLink: {
    ...common,
    summary: 'A new link for a pending invite, to copy (the earlier link stops working; the expiry is unchanged; nothing is emailed)',
    params: idParams,
    answers: { 200: reissuedInviteLinkSchema },
    errors: [401, 403, 404, 409],
  },
  revokeInvite: {
    ...common,
    summary: 'Revoke a pending invite',
    params: idParams,
    answers: { 204: z.null() },
    errors: [401, 403, 404, 409],
  },
  joinRequests: {
    ...common,
    summary: 'Pending requests to join the organisation, oldest first, a page at a time; with how many are pending',
    query: keysetPageQuery(JOIN_REQUESTS_PAGE_DEFAULT, JOIN_REQUESTS_PAGE_MAX),
    answers: { 200: joinRequestsPageSchema },
    errors: [401, 403, 422],
  },
  approveJoinRequest: { ...decided, summary: 'Approve a pending request: the person gets a member account and can sign in' },
  denyJoinRequest: { ...decided, summary: 'Deny a pending request: no account is created' },
  contacts: {
    ...common,
    summary: "The organisation's owners and admins, whom anyone in it can ask for help: owners first, each by name, at most ORG_CONTACTS_MAX",
    answers: { 200: orgContactsSchema },
    errors: [401, 403],
  },
  audit: {
    ...common,
    summary: "The organisation's activity log, newest first (owners only)",
    query: auditQuerySchema,
    answers: { 200: auditPageSchema },
    errors: [401, 403, 422],
  },
} satisfies Record<string, EndpointDeclaration>;

export type OrgDeclarations = typeof ORG_DECLARATIONS;
