import { z } from 'zod';
import { INVITE_DELIVERIES, INVITE_ROLES, ORG_ROLES } from '../../../../src/contract/orgs';
import { INVITE_STATUSES, JOIN_REQUEST_STATUSES } from '../../db/schema/enums';
import { emailSchema } from '../common.schemas';

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export const orgRoleSchema = z.enum(ORG_ROLES, {
  error: `Role must be one of ${quoted(ORG_ROLES)}`,
});

// org_owner is not invitable: ownership is handed over by changing a member's role.
export const inviteRoleSchema = z.enum(INVITE_ROLES, {
  error: `Role must be one of ${quoted(INVITE_ROLES)} (owners are made by changing a member's role)`,
});

/** Ids are checked by the services, which answer 404 for malformed and unknown ones alike. */
export const idParams = z.object({ id: z.string() });

export const orgMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: orgRoleSchema,
  joined_at: z.string(),
});

export const changeRoleBody = z.object({ role: orgRoleSchema });

export const inviteBody = z.object({ email: emailSchema, role: inviteRoleSchema });

export const orgInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: inviteRoleSchema,
  status: z.enum(INVITE_STATUSES),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});

export const sentInviteSchema = orgInviteSchema.extend({
  delivery: z
    .enum(INVITE_DELIVERIES)
    .describe("'emailed': the SMTP server accepted the email; 'outbox': no SMTP is set up, the email was only written to the server's outbox; 'failed': sending failed (the invite is kept)"),
  invite_link: z.string().describe('The single-use link, for the inviter to copy; only this answer carries it'),
});

export const joinRequestSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  status: z.enum(JOIN_REQUEST_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
