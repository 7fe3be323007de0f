/** How roles, plans and statuses read on the admin screens. */
import type { Role } from '../../contract/auth';

export const ROLE_LABELS: Record<Role, string> = {
  system_admin: 'System admin',
  support_admin: 'Support admin',
  org_owner: 'Owner',
  org_admin: 'Admin',
  org_member: 'Member',
};

export const ROLE_COLORS = {
  system_admin: 'crimson',
  support_admin: 'orange',
  org_owner: 'iris',
  org_admin: 'blue',
  org_member: 'gray',
} as const satisfies Record<Role, string>;

export { describeDevice } from '../account/device-names';
