/** How organisation roles and dates read on the org admin screens. */
import { INVITE_TTL_DAYS, type OrgRole } from '../../contract/orgs';
import { formatDate } from '../../contract/format';

export const ORG_ROLE_LABELS: Record<OrgRole, string> = {
  org_owner: 'Owner',
  org_admin: 'Admin',
  org_member: 'Member',
};

export const ORG_ROLE_COLORS = { org_owner: 'iris', org_admin: 'blue', org_member: 'gray' } as const satisfies Record<OrgRole, string>;

/** Plural headings for counts ("3 Admins"). */
export const ORG_ROLE_PLURALS: Record<OrgRole, string> = {
  org_owner: 'Owners',
  org_admin: 'Admins',
  org_member: 'Members',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** "3 Mar 2026", or '—' for a missing or unreadable date. */
export function formatDay(iso: string | null | undefined): string {
  return formatDate(iso);
}

/**
 * "Expires in 14 days" (a fresh invite), "Expires within a day", "Expired". Days are rounded up, so
 * an invite never looks older than it is — but never beyond INVITE_TTL_DAYS: a device clock a little
 * behind the server's would otherwise show a fresh invite as "Expires in 15 days".
 */
export function describeExpiry(iso: string, now: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'Expiry unknown';
  const left = time - now;
  if (left <= 0) return 'Expired';
  const days = Math.min(Math.ceil(left / DAY_MS), INVITE_TTL_DAYS);
  return days <= 1 ? 'Expires within a day' : `Expires in ${days} days`;
}
