import { useCallback } from 'react';
import { useBusyAction } from '../../ui/useBusyAction';
import { spaceActionError } from './space-admin.api';

/**
 * A change to a space from its dialog: busy while it runs; on failure the server's reason, or
 * `failed` when it gave none, kept to show in the dialog.
 */
export function useSpaceAction() {
  const { run, ...action } = useBusyAction();
  const runSpaceAction = useCallback((work: () => Promise<void>, failed: string) => run(work, (error) => spaceActionError(error, failed)), [run]);
  return { ...action, run: runSpaceAction };
}
