import { useCallback, useState } from 'react';

/** A panel's last failed action: its message, shown until dismissed (`clear`) or the next action. */
export function useActionError() {
  const [message, setMessage] = useState<string | null>(null);
  const fail = useCallback((error: unknown) => setMessage(error instanceof Error ? error.message : String(error)), []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, fail, clear };
}
