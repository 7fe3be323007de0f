/**
 * The organisation calls' answers as the server sends them (it validates them), and the requests
 * it takes with the texts a 422 says; types in orgs.ts, endpoints in orgs-endpoints.ts.
 */
import { z } from 'zod';
import { emailSchema } from './email-address';
import {
  INVITE_DELIVERIES,
  INVITE_ROLES,
  INVITE_STATUSES,
  JOIN_REQUEST_STATUSES,
  ORG_ROLES,
  type ChangeRoleInput,
  type InviteInput,
  type JoinRequest,
  type JoinRequestsResponse,
  type OrgContact,
  type OrgInvite,
  type OrgMember,
  type OrgMembersResponse,
  type ReissuedInviteLink,
  type SentInvite,
} from './orgs';
import { nextCursorSchema } from './page-query';
import { wireId } from './wire';

// Each checked to fit its interface in orgs.ts.
// Role and status texts are plain enums in the answers; the requests below say what a wrong one is.

export const orgMemberSchema = z.object({
  id: wireId,
  email: z.string(),
  name: z.string(),
  role: z.enum(ORG_ROLES),
  joined_at: z.string(),
}) satisfies z.ZodType<OrgMember>;

export const orgInviteSchema = z.object({
  id: wireId,
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  status: z.enum(INVITE_STATUSES),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
}) satisfies z.ZodType<OrgInvite>;

export const sentInviteSchema = orgInviteSchema.extend({
  delivery: z
    .enum(INVITE_DELIVERIES)
    .describe("'emailed': the SMTP server accepted the email; 'outbox': no SMTP is set up, the email was only written to the server's outbox; 'failed': sending failed (the invite is kept)"),
  invite_link: z.string().describe('The single-use link, for the inviter to copy; only this answer carries it'),
}) satisfies z.ZodType<SentInvite>;

export const orgMembersPageSchema = z.object({
  members: z.array(orgMemberSchema),
  next_cursor: nextCursorSchema,
  role_counts: z.object({ org_member: z.number().int(), org_admin: z.number().int(), org_owner: z.number().int() }).describe('People of each role in the whole organisation'),
}) satisfies z.ZodType<OrgMembersResponse>;

export const joinRequestSchema = z.object({
  id: wireId,
  email: z.string(),
  name: z.string(),
  status: z.enum(JOIN_REQUEST_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
}) satisfies z.ZodType<JoinRequest>;

export const joinRequestsPageSchema = z.object({
  join_requests: z.array(joinRequestSchema),
  next_cursor: nextCursorSchema,
  pending_count: z.number().int().describe('Every pending request of the organisation, not only this page'),
}) satisfies z.ZodType<JoinRequestsResponse>;

/**
 * POST /orgs/invites/{id}/link → a new link for a pending invite, to copy from the invite list.
 * The server keeps only a hash of each link's secret, so it cannot show the earlier link again:
 * it issues a new one (same expiry) and the earlier link stops working.
 */
export const reissuedInviteLinkSchema = z.object({
  invite_link: z.string(),
  expires_at: z.string(),
}) satisfies z.ZodType<ReissuedInviteLink>;

/** GET /orgs/contacts: the organisation's owners and admins by name, for everyone in it (Help & Support). */
export const orgContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: z.enum(['org_owner', 'org_admin']),
}) satisfies z.ZodType<OrgContact>;
export const orgContactsSchema = z.object({ contacts: z.array(orgContactSchema) });

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export const orgRoleSchema = z.enum(ORG_ROLES, {
  error: `Role must be one of ${quoted(ORG_ROLES)}`,
});

// org_owner is not invitable: ownership is handed over by changing a member's role.
export const inviteRoleSchema = z.enum(INVITE_ROLES, {
  error: `Role must be one of ${quoted(INVITE_ROLES)} (owners are made by changing a member's role)`,
});

/** PUT /orgs/members/{id}/role. */
export const changeRoleBody = z.object({ role: orgRoleSchema }) satisfies z.ZodType<ChangeRoleInput>;

/** POST /orgs/invites. */
export const inviteBody = z.object({ email: emailSchema, role: inviteRoleSchema }) satisfies z.ZodType<InviteInput>;
