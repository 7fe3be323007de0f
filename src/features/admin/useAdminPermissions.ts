import { useSnapshot } from 'valtio';
import { ADMIN_TEXTS } from '../../contract/admin';
import { isSystemAdminRole } from '../../contract/auth';
import { authState } from '../../session';

/**
 * Support admins read; system admins act (the server refuses the others with 403 anyway). The
 * screens disable actions for support admins and say why, rather than letting them fail.
 */
export function useAdminPermissions(): { canAct: boolean; readOnlyReason: string | null; myId: string | null } {
  const { user } = useSnapshot(authState);
  const canAct = isSystemAdminRole(user?.role);
  return { canAct, readOnlyReason: canAct ? null : ADMIN_TEXTS.readOnly, myId: user?.id ?? null };
}
