import { z } from 'zod';
import { INVITE_ROLES, ORG_ROLES } from '../../../../src/contract/orgs';
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

export const changeRoleBody = z.object({ role: orgRoleSchema });

export const inviteBody = z.object({ email: emailSchema, role: inviteRoleSchema });

// The answers' shapes are the contract's (src/contract/orgs.ts), shared with the client.
export { joinRequestSchema, orgInviteSchema, orgMemberSchema, sentInviteSchema } from '../../../../src/contract/orgs-schemas';
