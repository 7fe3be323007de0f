import type { OrgMember } from '../../../contract/orgs';
import type { Actor } from '../orgs.rules';

/** What a control acting on one member (its role select, its remove button) needs. */
export interface MemberControlProps {
  member: OrgMember;
  actor: Actor;
  /** Everyone, for the rules that count owners. */
  members: readonly OrgMember[];
  /** A refused or failed action, for the panel to show. */
  onError: (error: unknown) => void;
}
