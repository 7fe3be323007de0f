import { Select } from '../../../ui/Select';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { ORG_ROLE_LABELS } from '../orgs.format';
import { assignableRoles, roleChangeBlockedReason } from '../orgs.rules';
import { changeMemberRole, isBusy, orgAdminState } from '../orgs.store';
import type { OrgRole } from '../../../contract/orgs';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import type { MemberControlProps } from './member-control';

/** The member's role as a select; disabled, with the reason, where the rules forbid a change. */
export function MemberRoleSelect({ member, actor, members, onError }: MemberControlProps) {
  const state = useSnapshot(orgAdminState);
  const busy = isBusy(state, `member:${member.id}`);
  const reason = roleChangeBlockedReason(actor, member, members);
  // An admin looking at an owner cannot pick 'Owner', but the select must still show it.
  const roles = [...new Set<OrgRole>([member.role, ...assignableRoles(actor)])];

  async function change(role: string) {
    if (role === member.role) return;
    try {
      const updated = await changeMemberRole(member.id, role as OrgRole);
      toast.success(`${updated.name} is now ${ORG_ROLE_LABELS[updated.role].toLowerCase()}`);
    } catch (error) {
      onError(error);
    }
  }

  return (
    <NetworkRequiredTooltip reason={reason}>
      {({ disabled }) => (
        <Select.Root value={member.role} disabled={disabled || busy} onValueChange={(role) => void change(role)}>
          <Select.Trigger aria-label={`Role of ${member.name}`} variant="soft" color="gray" className="org-role-select" />
          <Select.Content position="popper">
            {roles.map((role) => (
              <Select.Item key={role} value={role} disabled={!assignableRoles(actor).includes(role)}>
                {ORG_ROLE_LABELS[role]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      )}
    </NetworkRequiredTooltip>
  );
}
