/**
 * Who may connect Google Analytics and link properties to a space: organisation owners and admins
 * (the server answers 403 with the same words to anyone else; docs/analytics.md "Who may do what").
 */
import { useSnapshot } from 'valtio';
import { isOrgManagerRole } from '../../../contract/auth';
import { authState } from '../../../session';

export const ONLY_MANAGERS_CONNECT = 'Only organisation owners and admins can connect Google Analytics to a space.';

/** Null when the signed-in person may connect and link; otherwise why not (for a disabled control). */
export function useConnectBlockedReason(): string | null {
  const { user } = useSnapshot(authState);
  return isOrgManagerRole(user?.role) ? null : ONLY_MANAGERS_CONNECT;
}
