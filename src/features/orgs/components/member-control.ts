import type { OrgMember } from '../../../contract/orgs';
import type { Actor } from '../orgs.rules';

/** What a control acting on one member (its role select, its remove button) needs. */
export interface MemberControlProps {
  member: OrgMember;
  actor: Actor;
  /** How many owners the organisation has, for the rule that one always stays. */
  owners: number;
  /** A refused or failed action, for the panel to show. */
  onError: (error: unknown) => void;
}
