import { Badge } from '@radix-ui/themes';
import { ORG_ROLE_COLORS, ORG_ROLE_LABELS } from '../orgs.format';
import type { OrgRole } from '../../../contract/orgs';

export function RoleBadge({ role }: { role: OrgRole }) {
  return (
    <Badge variant="soft" color={ORG_ROLE_COLORS[role]}>
      {ORG_ROLE_LABELS[role]}
    </Badge>
  );
}
