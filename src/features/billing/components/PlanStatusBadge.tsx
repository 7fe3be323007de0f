import { Badge } from '@radix-ui/themes';
import { PLAN_STATUS_LABELS, type PlanStatus } from '../billing.status';

const COLORS = { active: 'green', expiring_soon: 'amber', expired: 'red' } as const;

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return (
    <Badge color={COLORS[status]} variant="soft" radius="full">
      {PLAN_STATUS_LABELS[status]}
    </Badge>
  );
}
