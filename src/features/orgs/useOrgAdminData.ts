import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { authState } from '../../session';
import type { Actor } from './orgs.rules';
import { loadOrgAdmin } from './orgs.store';

/**
 * Loads members, invites and join requests when an org admin screen opens (and so marks the data
 * in use: a space switch then reloads it), and returns who is looking.
 */
export function useOrgAdminData(): Actor | null {
  const { user } = useSnapshot(authState);
  useEffect(() => {
    void loadOrgAdmin();
  }, []);
  return user ? { id: user.id, role: user.role } : null;
}
