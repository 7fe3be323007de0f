import { Badge } from '@radix-ui/themes';
import type { Role } from '../../../contract/auth';
import { ROLE_COLORS, ROLE_LABELS } from '../admin.format';

/** An account's role, coloured so platform staff stand out from organisation members. */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="soft">
      {ROLE_LABELS[role]}
    </Badge>
  );
}
