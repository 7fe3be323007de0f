import type { Role } from '../../contract/auth';

/** How each role is named to people (the raw values are the server's). */
export const ROLE_LABELS: Record<Role, string> = {
  system_admin: 'System admin',
  support_admin: 'Support admin',
  org_owner: 'Organisation owner',
  org_admin: 'Organisation admin',
  org_member: 'Member',
};
