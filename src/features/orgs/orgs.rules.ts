/**
 * The organisation rules the server enforces, mirrored so the screen can disable what would be
 * refused and say why. The server stays the authority: its refusal is shown when it says no.
 */
import type { Role } from '../../contract/auth';
import { ORG_ROLES, type OrgMember, type OrgRole } from '../../contract/orgs';

// `owners` is how many owners the whole organisation has (GET /orgs/members' role_counts), not
// how many the pages read so far show.

export interface Actor {
  id: string;
  role: Role;
}

export const RULE_REASONS = {
  ownRole: "You can't change your own role.",
  removeSelf: "You can't remove yourself from the organisation.",
  ownerRoleByOwnerOnly: "Only an owner can change an owner's role.",
  removeOwnerByOwnerOnly: 'Only an owner can remove an owner.',
  lastOwner: 'The organisation must keep at least one owner.',
} as const;

const isOwner = (role: Role) => role === 'org_owner';

/** Why `actor` may not change `target`'s role, or null when they may. */
export function roleChangeBlockedReason(actor: Actor, target: OrgMember, owners: number): string | null {
  if (actor.id === target.id) return RULE_REASONS.ownRole;
  if (isOwner(target.role) && !isOwner(actor.role)) return RULE_REASONS.ownerRoleByOwnerOnly;
  if (isOwner(target.role) && owners <= 1) return RULE_REASONS.lastOwner;
  return null;
}

/** Why `actor` may not remove `target`, or null when they may. */
export function removeBlockedReason(actor: Actor, target: OrgMember, owners: number): string | null {
  if (actor.id === target.id) return RULE_REASONS.removeSelf;
  if (isOwner(target.role) && !isOwner(actor.role)) return RULE_REASONS.removeOwnerByOwnerOnly;
  if (isOwner(target.role) && owners <= 1) return RULE_REASONS.lastOwner;
  return null;
}

/** The roles `actor` may give: only an owner makes owners. */
export function assignableRoles(actor: Actor): readonly OrgRole[] {
  return isOwner(actor.role) ? ORG_ROLES : ORG_ROLES.filter((role) => role !== 'org_owner');
}
