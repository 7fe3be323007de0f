import { useCallback, useState } from 'react';

/**
 * An action a form or dialog runs: `busy` while it runs, and what went wrong kept to show until
 * the next try (or `setError(null)`). What follows success (a toast, closing) goes in the action.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<void>, describe: (caught: unknown) => string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
