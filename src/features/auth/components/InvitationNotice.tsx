import { Text } from '@radix-ui/themes';
import { ORG_ROLE_LABELS } from '../../org-admin/org-admin.format';
import type { InvitedRole } from '../auth.schemas';
import { FormAlert } from './FormAlert';

interface InvitationNoticeProps {
  organizationName: string;
  role: InvitedRole;
}

/** Shown instead of the organisation name and the join/create choice when the address was invited. */
export function InvitationNotice({ organizationName, role }: InvitationNoticeProps) {
  return (
    <FormAlert tone="info">
      You&apos;ve been invited to join <Text weight="bold">{organizationName}</Text> as {ORG_ROLE_LABELS[role]}. Create your
      account to join.
    </FormAlert>
  );
}
